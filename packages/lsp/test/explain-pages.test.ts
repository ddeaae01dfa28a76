// The explanation pages are written where no other user can plant a link: a directory of the
// server's own (mkdtemp, 0700, removed at exit), files created new and renamed into place.
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { ExplainPages } from '../src/diagnostics/explain-pages.js';
import { LspSession } from './lsp-test-client.js';

describe('explanation pages', () => {
    let root: string;
    let victim: string;
    const PRECIOUS = 'precious data of the user running the editor\n';
    beforeEach(() => {
        root = mkdtempSync(join(tmpdir(), 'svc-explain-test-'));
        victim = join(root, 'victim.txt');
        writeFileSync(victim, PRECIOUS);
    });
    afterEach(() => rmSync(root, { recursive: true, force: true }));

    it("do not follow a link planted at the old shared path, and go to the server's own directory, removed at exit", async () => {
        // Another user created the shared folder first and planted a link where a page used to be written.
        const shared = join(root, 'svc-language-server', 'explain');
        mkdirSync(shared, { recursive: true });
        symlinkSync(victim, join(shared, 'E-JSON-SYNTAX.md'));
        const s = await LspSession.start({ env: { TMPDIR: root } });
        let page: string;
        try {
            const [d] = await s.open('file:///work/broken.svc.json', '{');
            page = fileURLToPath(d!.codeDescription!.href);
            expect(readFileSync(victim, 'utf8')).to.equal(PRECIOUS);
            expect(dirname(page)).to.not.equal(shared);
            expect(dirname(dirname(page))).to.equal(root);
            expect(statSync(dirname(page)).mode & 0o777).to.equal(0o700);
            expect(lstatSync(page).isFile()).to.equal(true);
            expect(readFileSync(page, 'utf8')).to.contain('# E-JSON-SYNTAX');
        } finally {
            await s.stop();
        }
        expect(existsSync(dirname(page)), 'removed when the server exits').to.equal(false);
    });

    it("replace a link in a client's explainDir instead of writing through it, and leave that directory in place", () => {
        const dir = join(root, 'chosen');
        mkdirSync(dir);
        symlinkSync(victim, join(dir, 'E-DIV-UNROUNDED.md'));
        const pages = new ExplainPages({ explainDir: dir });
        const page = fileURLToPath(pages.href('E-DIV-UNROUNDED')!);
        expect(page).to.equal(join(dir, 'E-DIV-UNROUNDED.md'));
        expect(readFileSync(victim, 'utf8')).to.equal(PRECIOUS);
        expect(lstatSync(page).isSymbolicLink()).to.equal(false);
        expect(readFileSync(page, 'utf8')).to.contain('A quotient can have infinitely many digits');
        pages.dispose();
        expect(existsSync(page)).to.equal(true);
    });
});
