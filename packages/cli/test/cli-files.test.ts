// Files the CLI refuses before reading them whole, and output it cannot write: a schema over 1 MiB
// is E-LIMIT unread, a document over 16 MiB is refused, a device or a pipe is no file, an empty
// argument names no file, an option given twice is a usage error, and a reader that goes away
// (`| head -1`) ends the command quietly with status 141. Files made for the test.
import { expect } from 'chai';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_DOCUMENT_FILE_BYTES } from '../src/cli-files.js';
import { main } from '../src/cli-main.js';
import type { CliIO } from '../src/cli-types.js';

const repo = join(new URL('.', import.meta.url).pathname, '..', '..', '..', '..');
const bin = join(repo, 'packages', 'cli', 'bin', 'svc.js');

async function run(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
    let stdout = '';
    let stderr = '';
    const io: CliIO = { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), stderrIsTTY: false, env: {}, cwd };
    return { code: await main(args, io), stdout, stderr };
}

describe('svc files and output', function () {
    this.timeout(30_000);
    const dir = mkdtempSync(join(tmpdir(), 'svc-files-'));

    it('gives a schema over 1 MiB E-LIMIT without reading it, and refuses devices, pipes and an empty name', async () => {
        const big = join(dir, 'big.svc.json');
        writeFileSync(big, '');
        truncateSync(big, 300 * 1024 * 1024); // sparse: no disk used
        const r = await run(['check', big], dir);
        expect(r.code).to.equal(1);
        expect(r.stdout).to.contain('error[E-LIMIT]').and.contain('314572800 bytes');
        const zero = await run(['check', '/dev/zero'], dir);
        expect([zero.code, zero.stderr]).to.deep.equal([
            2,
            'svc check: cannot read /dev/zero: not a regular file (a device, a pipe or a socket)\n',
        ]);
        const fifo = join(dir, 'pipe');
        execFileSync('mkfifo', [fifo]);
        expect((await run(['check', fifo], dir)).stderr).to.contain('not a regular file');
        expect((await run(['check', ''], dir)).stderr).to.contain('no file name (an empty argument)');
    });

    it('refuses a document over the cap, and an option given twice', async () => {
        const doc = join(dir, 'huge.txt');
        writeFileSync(doc, '');
        truncateSync(doc, MAX_DOCUMENT_FILE_BYTES + 1);
        const r = await run(['extract', '--schema', join(repo, 'examples', 'invoice-en.svc.json'), doc], dir);
        expect(r.code).to.equal(2);
        expect(r.stderr).to.contain('has 16,777,217 bytes; svc extract reads documents of at most 16,777,216 bytes');
        const twice = await run(['extract', '--schema', 'a.json', '--language', 'en', '--language', 'nl', 'doc.txt'], dir);
        expect([twice.code, twice.stderr.split('\n')[0]]).to.deep.equal([2, 'svc extract: --language is given more than once']);
    });

    it('ends quietly with status 141 when the reader of its output goes away', async () => {
        // Sixty extractions as JSON: some 350 kilobytes, more than a pipe holds.
        const docs = Array.from({ length: 60 }, () => join(repo, 'examples', 'contract-en.txt'));
        const schema = join(repo, 'examples', 'contract-en.svc.json');
        const env = { ...process.env, SVC_DATA_DIR: join(dir, 'data') };
        const child = spawn(process.execPath, [bin, 'extract', '--schema', schema, '--json', ...docs], {
            stdio: ['ignore', 'pipe', 'pipe'],
            env,
        });
        let stderr = '';
        child.stderr.on('data', (d) => (stderr += d));
        child.stdout.once('data', () => child.stdout.destroy()); // the reader goes away after the first bytes
        const code = await new Promise<number | null>((done) => child.on('close', (c) => done(c)));
        expect(stderr).to.not.contain('at ');
        expect(code).to.equal(141);
    });
});
