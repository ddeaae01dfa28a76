// Documents and comments cite the repository's own files: a reader has the repository, not the
// specification it was built from. Every `docs/….md` named anywhere must exist, and no specification
// file name (language.md, runtime.md, "interface 2.2") may appear.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';

const REPO = join(new URL('.', import.meta.url).pathname, '..', '..', '..', '..');
const SPEC_NAMES =
    /(?<![\w/-])(?:language|runtime|service-interface|panel|mcp|architecture)\.md\b|\binterface (?:section )?\d+(?:\.\d+)?\b|shared\/spec\//i;

function trackedTexts(): Array<[string, string]> {
    const files = execFileSync('git', ['ls-files', '*.md', '*.ts', '*.mjs', '*.langium', '*.json'], { cwd: REPO, encoding: 'utf8' })
        .split('\n')
        .filter(
            (f) =>
                f &&
                !f.endsWith('package-lock.json') &&
                !f.includes('/generated/') &&
                !f.startsWith('packages/compiler/test/repo-citations'),
        );
    return files.filter((f) => existsSync(join(REPO, f))).map((f) => [f, readFileSync(join(REPO, f), 'utf8')]);
}

describe('citations in the repository', () => {
    const texts = trackedTexts();

    it('reads the repository (git ls-files works here)', () => {
        expect(texts.length).to.be.greaterThan(100);
    });

    it('names no specification file outside the repository', () => {
        const hits = texts
            .flatMap(([f, t]) => t.split('\n').map((line, i) => [f, i + 1, line] as const))
            .filter(([, , line]) => SPEC_NAMES.test(line));
        expect(hits.map(([f, n, line]) => `${f}:${n}: ${line.trim().slice(0, 100)}`)).to.deep.equal([]);
    });

    it('cites only docs files that exist', () => {
        const missing = new Set<string>();
        for (const [f, t] of texts)
            for (const m of t.matchAll(/\bdocs\/[\w-]+\.md\b/g)) if (!existsSync(join(REPO, m[0]))) missing.add(`${f}: ${m[0]}`);
        expect([...missing]).to.deep.equal([]);
    });

    it('catches a citation of a specification file (the check can fail)', () => {
        expect(SPEC_NAMES.test('// see runtime.md section 6')).to.equal(true);
        expect(SPEC_NAMES.test('(interface 2.2)')).to.equal(true);
        expect(SPEC_NAMES.test('docs/schema-language.md')).to.equal(false);
    });
});
