// The CLI's conventions and its refusals: help and version, negative numbers as values, files that
// cannot be read or are not UTF-8, empty documents, warnings, JSON file names, conflicts in text, the
// progress bar, the HTML evidence page, the data folder, `accounts show`, `__proto__` as a name.
import { expect } from 'chai';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../src/cli-main.js';
import type { CliIO } from '../src/cli-types.js';

const repo = join(new URL('.', import.meta.url).pathname, '..', '..', '..', '..');
const example = (f: string): string => join(repo, 'examples', f);

async function run(
    args: string[],
    opts: { cwd?: string; env?: NodeJS.ProcessEnv; tty?: boolean } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
    let stdout = '';
    let stderr = '';
    const io: CliIO = {
        stdout: (t) => {
            stdout += t;
        },
        stderr: (t) => {
            stderr += t;
        },
        stderrIsTTY: opts.tty ?? false,
        env: opts.env ?? {},
        cwd: opts.cwd ?? repo,
    };
    const code = await main(args, io);
    return { code, stdout, stderr };
}

describe('svc command-line conventions', function () {
    this.timeout(30_000);
    const dir = mkdtempSync(join(tmpdir(), 'svc-cli-'));
    const env = { SVC_DATA_DIR: join(dir, 'data') };
    const file = (name: string, content: string | Buffer): string => {
        writeFileSync(join(dir, name), content);
        return join(dir, name);
    };

    it('answers --help, -h, --version, -V and <command> --help with exit 0', async () => {
        for (const flag of ['--help', '-h']) {
            const r = await run([flag]);
            expect(r.code).to.equal(0);
            expect(r.stdout).to.contain('usage: svc <command>').and.to.contain('extract');
        }
        for (const flag of ['--version', '-V']) {
            const r = await run([flag]);
            expect(r.code).to.equal(0);
            expect(r.stdout).to.match(/^svc \d+\.\d+\.\d+\n$/);
        }
        const c = await run(['extract', '--help']);
        expect(c.code).to.equal(0);
        expect(c.stdout).to.contain('usage: svc extract --schema');
    });

    it('svc explain shows an example schema that raises the code, its messages and the reference', async () => {
        const r = await run(['explain', 'E-SCHEMA-UNKNOWN-KEY']);
        expect(r.code).to.equal(0);
        const example = /Example \(this schema raises E-SCHEMA-UNKNOWN-KEY\):\n {2}(.*)\n/.exec(r.stdout)?.[1];
        const checked = await run(['check', file('explained.svc.json', example ?? '')]);
        expect(checked.stdout).to.contain('error[E-SCHEMA-UNKNOWN-KEY]');
        expect(r.stdout)
            .to.contain('Messages:\n  unknown key "{key}" in {where}{suggestion?}')
            .and.to.contain('Reference: docs/schema-language.md');
    });

    it('takes a negative number as an option value (--reads -1000)', async () => {
        expect((await run(['accounts', 'create', '--email', 'n@x.org'], { env })).code).to.equal(0);
        const r = await run(['accounts', 'credit', '--email', 'n@x.org', '--reads', '-1000'], { env });
        expect(r.code, r.stderr).to.equal(0);
        expect(r.stdout).to.contain('now has 0 reads');
        // At most 1,000,000,000 reads either way at once: a balance stays an exact number.
        for (const n of ['9007199254740991', '-1000000001']) {
            const big = await run(['accounts', 'credit', '--email', 'n@x.org', '--reads', n], { env });
            expect(big.code, n).to.equal(2);
            expect(big.stderr).to.contain('at most 1,000,000,000');
        }
    });

    it('svc keys create says which data folder holds the key (SVC_DATA_DIR is relative to the folder)', async () => {
        await run(['accounts', 'create', '--email', 'k@x.org'], { cwd: dir });
        const r = await run(['keys', 'create', '--email', 'k@x.org', '--name', 'ci'], { cwd: dir });
        expect(r.code, r.stderr).to.equal(0);
        expect(r.stdout).to.contain(`in the data folder ${join(dir, 'data')}`);
    });

    it('svc accounts show prints credit and keys (prefixes, never secrets)', async () => {
        await run(['accounts', 'create', '--email', 's@x.org'], { env });
        const key = (await run(['keys', 'create', '--email', 's@x.org', '--name', 'laptop', '--json'], { env })).stdout;
        const secret = (JSON.parse(key) as { key: string }).key;
        const r = await run(['accounts', 'show', '--email', 's@x.org'], { env });
        expect(r.code).to.equal(0);
        expect(r.stdout).to.contain('10 reads of credit').and.to.contain('laptop').and.to.contain(secret.slice(0, 12));
        expect(r.stdout).to.not.contain(secret);
        const j = JSON.parse((await run(['accounts', 'show', '--email', 's@x.org', '--json'], { env })).stdout) as {
            credit_reads: number;
            keys: unknown[];
        };
        expect(j.credit_reads).to.equal(10);
        expect(j.keys).to.have.length(1);
        expect((await run(['accounts', 'show', '--email', 'nobody@x.org'], { env })).code).to.equal(1);
    });

    it('svc check reports every readable file and names the missing one (exit 2), also in --json', async () => {
        const r = await run(['check', example('invoice-en.svc.json'), 'missing.json']);
        expect(r.code).to.equal(2);
        expect(r.stdout).to.contain('invoice-en.svc.json: ok');
        expect(r.stderr).to.contain('cannot read missing.json: no such file (ENOENT)');
        const j = await run(['check', '--json', example('invoice-en.svc.json'), 'missing.json']);
        const reports = JSON.parse(j.stdout) as Array<{ file: string; ok: boolean; io_error?: string }>;
        expect(reports.map((x) => [x.file.endsWith('invoice-en.svc.json') || x.file, x.ok, x.io_error])).to.deep.equal([
            [true, true, undefined],
            ['missing.json', false, 'no such file (ENOENT)'],
        ]);
    });

    it('svc check refuses a schema that is not UTF-8 with E-JSON-SYNTAX naming the byte offset (exit 1)', async () => {
        const bad = file(
            'latin1.svc.json',
            Buffer.concat([Buffer.from('{"svc_schema": "1.0", "name": "caf'), Buffer.from([0xe9]), Buffer.from('"}')]),
        );
        const r = await run(['check', bad]);
        expect(r.code).to.equal(1);
        expect(r.stdout).to.contain('error[E-JSON-SYNTAX]: not valid UTF-8: byte 0xE9 at byte offset 34');
    });

    it('svc extract refuses an empty document and a non-UTF-8 one, naming the file (exit 2)', async () => {
        const empty = file('empty.txt', '');
        const r = await run(['extract', '--schema', example('invoice-en.svc.json'), empty], { env });
        expect(r.code).to.equal(2);
        expect(r.stderr).to.contain('empty.txt is empty');
        // White space alone is empty too (the API checks the document after trimming): same message, exit 2.
        const blank = file('blank.txt', ' \n\t\r\n\u00a0\u2003\n');
        const b = await run(['extract', '--schema', example('invoice-en.svc.json'), blank], { env });
        expect(b.code).to.equal(2);
        expect(b.stderr).to.equal(r.stderr.replace('empty.txt', 'blank.txt'));
        expect(b.stdout).to.equal('');
        const latin = file('latin.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]));
        const l = await run(['extract', '--schema', example('invoice-en.svc.json'), latin], { env });
        expect(l.code).to.equal(2);
        expect(l.stderr).to.contain('latin.txt is not valid UTF-8 (byte offset 3)');
    });

    it('svc extract warns when a document looks Dutch but is read as English, and when it is not text', async () => {
        const r = await run(['extract', '--schema', example('invoice-en.svc.json'), example('factuur-nl.txt')], { env });
        expect(r.code).to.equal(0);
        expect(r.stderr).to.contain('looks Dutch, but it is read as English; pass --language nl');
        const nl = await run(['extract', '--schema', example('factuur-nl.svc.json'), '--language', 'nl', example('factuur-nl.txt')], {
            env,
        });
        expect(nl.stderr).to.not.contain('looks');
        const binary = file('binary.txt', `%PDF-1.7\n${'\u0001\u0002'.repeat(50)}`);
        const b = await run(['extract', '--schema', example('invoice-en.svc.json'), binary], { env });
        expect(b.stderr).to.contain('does not look like plain text');
    });

    it("svc extract --json names each entry's file; text output lists the competing values of a conflict", async () => {
        const schema = file(
            'c.svc.json',
            '{"svc_schema": "1.0", "name": "t", "fields": [{"name": "__proto__", "type": "date"}, {"name": "total", "type": "money", "currency": "EUR"}]}',
        );
        const doc = file('c.txt', 'Date: 2024-03-04\nTotal: EUR 10.00\nTotal: EUR 12.00\n');
        const j = await run(['extract', '--schema', schema, '--json', doc, example('invoice-en.txt')], { env });
        const list = JSON.parse(j.stdout) as Array<{ file: string; response: { data: Record<string, unknown> } }>;
        expect(list.map((x) => x.file)).to.deep.equal([doc, example('invoice-en.txt')]);
        expect(Object.keys(list[0]!.response.data)).to.deep.equal(['__proto__', 'total']);
        expect(Object.getOwnPropertyDescriptor(list[0]!.response.data, '__proto__')?.value).to.equal('2024-03-04');
        const t = await run(['extract', '--schema', schema, doc], { env });
        expect(t.stdout).to.contain('__proto__: found "2024-03-04"');
        expect(t.stdout).to.contain('conflict (disagreement)');
        expect(t.stdout).to.contain('total = 10.00 EUR  from "EUR 10.00"').and.to.contain('total = 12.00 EUR  from "EUR 12.00"');
        expect(t.stdout).to.match(/repair: withdraw "EUR 10.00" \(total\) → total = 12.00 EUR/);
    });

    it('draws a progress bar on stderr only when it is a terminal and there are several files', async () => {
        const args = ['extract', '--schema', example('invoice-en.svc.json'), example('invoice-en.txt'), example('invoice-en.txt')];
        expect((await run(args, { env, tty: true })).stderr).to.contain('] 2/2\n');
        expect((await run(args, { env, tty: false })).stderr).to.not.contain('2/2');
    });

    it('--html writes one self-contained evidence page where markup in documents stays text', async () => {
        const doc = file(
            'markup.txt',
            'Invoice number: INV-20417\n<script>alert(1)</script><img src=x onerror=alert(2)>\nTotal: €1,089.00\n',
        );
        const page = join(dir, 'page.html');
        const r = await run(['extract', '--schema', example('invoice-en.svc.json'), '--html', page, doc, example('invoice-en.txt')], {
            env,
        });
        expect(r.code, r.stderr).to.equal(0);
        const html = readFileSync(page, 'utf8');
        expect(html).to.not.match(/<script|<img|src=["']?http|<link/i);
        expect(html).to.contain('&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;');
        expect(html).to.contain("default-src 'none'");
        expect(html).to.match(/<mark style="background:hsl\([^"]+\)" title="invoice_number = INV-20417 \(p 0\.\d\d\)">INV-20417<\/mark>/);
        expect(html).to.contain('<h2>').and.to.contain('invoice-en.txt').and.to.contain('total_amount');
        expect((html.match(/<section>/g) ?? []).length).to.equal(2);
    });

    it('--html never overwrites an input of the run, nor an existing file that is not a page (exit 2, the file unchanged)', async () => {
        const text = 'Invoice number: INV-20417\nTotal: €1,089.00\n';
        const doc = file('first.txt', text);
        const other = file('second.txt', text);
        const schema = example('invoice-en.svc.json');
        for (const args of [
            ['--html', doc, doc, other], // "--html" read as a flag before two documents
            ['--html', other, doc, other],
            ['--html', schema, doc],
            ['--html', file('notes.md', '# notes\n'), doc],
        ]) {
            const r = await run(['extract', '--schema', schema, ...args], { env });
            expect(r.code, args.join(' ')).to.equal(2);
            expect(r.stderr).to.match(/--html .* (is an input of this run|exists and is not an \.html file)/);
        }
        expect(readFileSync(doc, 'utf8')).to.equal(text);
        expect(readFileSync(other, 'utf8')).to.equal(text);
        expect(readFileSync(join(dir, 'notes.md'), 'utf8')).to.equal('# notes\n');
        // An existing page is replaced: the command's own output.
        const page = file('old.html', '<p>old</p>');
        expect((await run(['extract', '--schema', schema, '--html', page, doc], { env })).code).to.equal(0);
        expect(readFileSync(page, 'utf8')).to.contain('<!doctype html>');
    });

    it('names a data folder that is a file or cannot be created in one line, without a stack (exit 2)', async () => {
        const plain = file('plain-file', 'x');
        for (const bad of [plain, join(plain, 'below')]) {
            const r = await run(['accounts', 'create', '--email', 'f@x.org'], { env: { SVC_DATA_DIR: bad } });
            expect(r.code).to.equal(2);
            expect(r.stderr.trim().split('\n')).to.have.length(1);
            expect(r.stderr).to.match(/^svc accounts: (SVC_DATA_DIR .* is a file|cannot create the data folder)/);
        }
        const host = await run(['serve'], { env: { ...env, HOST: 'no-such-host.invalid', PORT: '0' } });
        expect(host.code).to.equal(2);
        expect(host.stderr).to.match(/^svc serve: cannot listen on HOST=no-such-host\.invalid/);
        expect(host.stderr).to.not.contain('    at ');
    });
});
