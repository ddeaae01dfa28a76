// A second, independent MCP client: the MCP Inspector's CLI mode lists the tools of `svc mcp`
// (stdio) and of /mcp (streamable HTTP) and calls validate_schema on both (docs/mcp.md).
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { REPO, SVC_BIN, startApi, type Api } from './mcp-support.js';

const run = promisify(execFile);
const INSPECTOR = join(dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/inspector/package.json')), 'cli/build/cli.js');
const SCHEMA = { svc_schema: '1.0', name: 'note', fields: [{ name: 'title', type: 'string' }] };

async function inspector(target: string[], method: string[]): Promise<any> {
    const { stdout } = await run(process.execPath, [INSPECTOR, '--cli', ...target, ...method], { cwd: REPO, timeout: 60_000 });
    // The launcher may print a notice before the JSON answer.
    return JSON.parse(stdout.slice(stdout.indexOf('{')));
}

describe('the MCP Inspector (CLI mode) against svc', function () {
    this.timeout(120_000);
    let api: Api;
    let key: string;
    let transports: Array<[string, string[]]>;
    before(async () => {
        api = await startApi();
        key = (await api.newKey()).key;
        transports = [
            ['stdio', ['-e', `SVC_API_URL=${api.url}`, '-e', `SVC_API_KEY=${key}`, '--', process.execPath, SVC_BIN, 'mcp']],
            ['http', [`${api.url}/mcp`, '--transport', 'http', '--header', `Authorization: Bearer ${key}`]],
        ];
    });
    after(async () => {
        await api?.stop();
    });

    it('lists the three tools and calls validate_schema over stdio and over HTTP', async () => {
        const expected = (await api.rest(key, '/v1/schemas/validate', { schema: SCHEMA })).json;
        for (const [name, target] of transports) {
            const listed = await inspector(target, ['--method', 'tools/list']);
            expect(
                listed.tools.map((t: { name: string }) => t.name),
                name,
            ).to.deep.equal(['validate_schema', 'extract', 'edit_extraction']);
            const called = await inspector(target, [
                '--method',
                'tools/call',
                '--tool-name',
                'validate_schema',
                '--tool-arg',
                `schema=${JSON.stringify(SCHEMA)}`,
            ]);
            expect(called.isError ?? false, name).to.equal(false);
            expect(called.structuredContent, name).to.deep.equal(expected);
        }
    });
});
