// The editor shows what `svc check --json` reports: same codes, messages and severities in the same
// order, for schemas that together raise every code of the registry. Each range is then checked
// against the pointer and span with an oracle that shares no code with the server: the text in the
// range must be the JSON of the value at the pointer, the key, or (for a span) must decode to the
// span's bytes of the expression.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { CODES, type Diagnostic as SvcDiagnostic } from '@svc/compiler';
import type { Diagnostic } from 'vscode-languageserver';
import { CHECK_CASES } from './check-cases.js';
import { LspSession, REPO_ROOT } from './lsp-test-client.js';
import { offsetAtEncoded, type Encoding } from './test-text.js';

interface FileReport {
    file: string;
    errors: SvcDiagnostic[];
    warnings: SvcDiagnostic[];
}

/** Value at an RFC 6901 pointer of JSON.parse's result. */
function at(value: unknown, pointer: string): unknown {
    if (pointer === '') return value;
    return pointer
        .slice(1)
        .split('/')
        .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'))
        .reduce<unknown>((v, t) => (v as Record<string, unknown>)[t], value);
}

function checkRange(text: string, d: SvcDiagnostic, got: Diagnostic, encoding: Encoding): void {
    const start = offsetAtEncoded(text, got.range.start, encoding);
    const end = offsetAtEncoded(text, got.range.end, encoding);
    const inRange = text.slice(start, end);
    const where = `${d.code} ${d.pointer} ${JSON.stringify(d.span)} got ${JSON.stringify(inRange)}`;
    if (d.code === 'E-JSON-SYNTAX') {
        const [, line, column] = /line (\d+), column (\d+)/.exec(d.message)!;
        const lineStart = text
            .split('\n')
            .slice(0, Number(line) - 1)
            .reduce((n, l) => n + l.length + 1, 0);
        expect(start, where).to.equal(lineStart + Number(column) - 1);
        return;
    }
    const key = d.pointer
        .slice(d.pointer.lastIndexOf('/') + 1)
        .replace(/~1/g, '/')
        .replace(/~0/g, '~');
    if (
        d.code === 'E-JSON-DUPKEY' ||
        d.code === 'E-SCHEMA-UNKNOWN-KEY' ||
        (d.code === 'E-SCHEMA-VALUE' && /does not apply|not allowed inside|not a label/.test(d.message))
    ) {
        expect(JSON.parse(inRange), where).to.equal(key);
        return;
    }
    const value = at(JSON.parse(text), d.pointer);
    if (d.span) {
        const bytes = Buffer.from(value as string, 'utf8')
            .subarray(d.span[0], d.span[1])
            .toString('utf8');
        expect(JSON.parse(`"${inRange}"`), where).to.equal(bytes);
        return;
    }
    expect(JSON.parse(inRange), where).to.deep.equal(value);
}

describe('editor diagnostics equal svc check --json', function () {
    this.timeout(60000);
    let dir: string;
    let reports: FileReport[];

    before(async () => {
        dir = mkdtempSync(join(tmpdir(), 'svc-lsp-parity-'));
        for (const c of CHECK_CASES) writeFileSync(join(dir, c.name), c.text);
        const svc = join(REPO_ROOT, 'node_modules', '.bin', 'svc');
        const run = await promisify(execFile)(svc, ['check', '--json', ...CHECK_CASES.map((c) => c.name)], {
            cwd: dir,
            maxBuffer: 64 << 20,
        }).catch((e: { stdout?: string; code?: number }) => {
            if (e.code !== 1 || !e.stdout) throw e; // exit 1: schemas with errors, as expected
            return { stdout: e.stdout };
        });
        reports = JSON.parse(run.stdout) as FileReport[];
    });
    after(() => rmSync(dir, { recursive: true, force: true }));

    it('the cases raise every code of the registry', () => {
        const seen = new Set(reports.flatMap((r) => [...r.errors, ...r.warnings].map((d) => d.code)));
        expect([...Object.keys(CODES)].filter((c) => !seen.has(c))).to.deep.equal([]);
    });

    for (const encoding of ['utf-16', 'utf-8', 'utf-32'] as Encoding[]) {
        it(`same codes, messages, severities and places, positions in ${encoding}`, async () => {
            const s = await LspSession.start({ encodings: encoding === 'utf-16' ? undefined : [encoding] });
            try {
                expect(s.initializeResult.capabilities.positionEncoding ?? 'utf-16').to.equal(encoding);
                for (const c of CHECK_CASES) {
                    const report = reports.find((r) => r.file === c.name)!;
                    const expected = [...report.errors, ...report.warnings];
                    const got = await s.open(`file://${join(dir, c.name)}`, c.text);
                    expect(
                        got.map((d) => [d.code, d.message, d.severity]),
                        c.name,
                    ).to.deep.equal(expected.map((d) => [d.code, d.message, d.code.startsWith('W-') ? 2 : 1]));
                    expected.forEach((d, i) => {
                        checkRange(c.text, d, got[i]!, encoding);
                        expect(got[i]!.data).to.deep.equal({ pointer: d.pointer, ...(d.span ? { span: d.span } : {}) });
                    });
                }
            } finally {
                await s.stop();
            }
        });
    }
});
