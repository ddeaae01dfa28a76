// The playground in Chromium: Insert adds the occurrence of the quote that was selected, not its
// first one, with its offset in code points (the document has astral characters before it); the
// "(N left)" hint follows every Run, a 402 included.
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startBrowserSuite } from './panel-browser.js';
import type { TestServer } from './test-server.js';

// Globals of the page, used only inside page.evaluate callbacks (this program has no DOM types).
declare const document: any, getSelection: any, NodeFilter: any, MouseEvent: any;
const PASSWORD = 'correct horse battery staple';
const SCHEMA = {
    svc_schema: '1.0',
    name: 'refs',
    fields: [{ name: 'ref', type: 'string', pattern: '[A-Z]{3}-[0-9]{3}', description: 'The reference' }],
};
// The second "ABC-123" starts at code point 34, UTF-16 position 36; the first at code point 13.
const DOCUMENT = '😀 Reference: ABC-123\n𝒜 Reference: ABC-123 again\n';

describe('playground in Chromium: insert where selected, credit left', function () {
    this.timeout(120_000);
    let t: TestServer;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    let seq = 0;

    before(async function () {
        ({ t, browser } = await startBrowserSuite(this));
    });
    after(async () => {
        await browser?.close();
        await t?.stop();
    });
    beforeEach(async () => {
        context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        page = await context.newPage();
    });
    afterEach(async () => {
        await context?.close();
    });

    async function playground(): Promise<string> {
        const address = `pg${++seq}-${process.pid}@example.test`;
        await page.goto(`${t.url}/panel/sign-up`);
        await page.getByLabel('Email').fill(address);
        await page.getByLabel('Password').fill(PASSWORD);
        await page.getByRole('button', { name: 'Sign up' }).click();
        await page.getByRole('heading', { name: 'API keys' }).waitFor();
        await page.getByRole('link', { name: 'Playground' }).click();
        return address;
    }

    async function run(): Promise<void> {
        const answered = page.waitForResponse((r) => r.url().endsWith('/panel/api/v1/extractions'));
        await page.getByRole('button', { name: 'Run' }).click();
        await answered;
        await page.waitForFunction(() => !document.getElementById('run').disabled);
    }

    it('Insert adds the occurrence selected in the document, its start in code points', async () => {
        await playground();
        await page.getByRole('textbox', { name: 'Schema', exact: true }).fill(JSON.stringify(SCHEMA, null, 2));
        await page.getByRole('textbox', { name: 'Document', exact: true }).fill(DOCUMENT);
        await run();
        await page.getByRole('heading', { name: 'Result' }).waitFor();
        // Select the last "ABC-123" of the view, as a mouse would.
        await page.evaluate(() => {
            const view = document.getElementById('doc-view');
            const walker = document.createTreeWalker(view, NodeFilter.SHOW_TEXT);
            let last: [any, number] | undefined;
            for (let n = walker.nextNode(); n; n = walker.nextNode()) {
                const i = n.data.lastIndexOf('ABC-123');
                if (i >= 0) last = [n, i];
            }
            const range = document.createRange();
            range.setStart(last![0], last![1]);
            range.setEnd(last![0], last![1] + 7);
            getSelection().removeAllRanges();
            getSelection().addRange(range);
            view.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
        });
        expect(await page.getByRole('textbox', { name: 'Quote' }).inputValue()).to.equal('ABC-123');
        await page.getByRole('combobox', { name: 'Field' }).selectOption('ref');
        const answered = page.waitForResponse((r) => r.url().endsWith('/panel/api/v1/extractions/edit'));
        await page.getByRole('button', { name: 'Insert' }).click();
        const response = await answered;
        expect(JSON.parse(response.request().postData()!).edit.candidate).to.deep.include({ slot: 'ref', quote: 'ABC-123', start: 34 });
        const x = (await response.json()) as {
            active_bundles: number[];
            response: { mentions: Array<{ id: string; bundle: number; start: number }> };
        };
        const inserted = x.response.mentions.filter((m) => m.bundle === x.active_bundles.at(-1));
        expect(inserted.map((m) => m.start)).to.deep.equal([34]);
        await page.getByText(/Inserted “ABC-123” as ref/).waitFor();
        // Its mark is on the second line.
        const before = await page.evaluate((id: string) => {
            const mark = document.querySelector(`#doc-view mark[data-mention="${id}"]`);
            const range = document.createRange();
            range.setStart(document.getElementById('doc-view'), 0);
            range.setEndBefore(mark);
            return range.toString();
        }, inserted[0]!.id);
        expect(before).to.equal('😀 Reference: ABC-123\n𝒜 Reference: ');
    });

    it("the panes' and the result's names contain no control's name: a label finds its one control", async () => {
        await playground();
        const controls = ['Schema', 'Document', 'Language'];
        const found = async () => Promise.all(controls.map(async (name) => [name, await page.getByLabel(name).count()] as const));
        expect(await found()).to.deep.equal(controls.map((name) => [name, 1]));
        await run();
        await page.getByRole('heading', { name: 'Result' }).waitFor();
        expect(await found()).to.deep.equal(controls.map((name) => [name, 1]));
        for (const name of ['Quote', 'Field', 'Insert']) expect(await page.getByLabel(name).count(), name).to.be.at.most(1);
    });

    it('a quote typed by hand is inserted at its first occurrence (no start sent)', async () => {
        await playground();
        await page.getByRole('textbox', { name: 'Schema', exact: true }).fill(JSON.stringify(SCHEMA, null, 2));
        await page.getByRole('textbox', { name: 'Document', exact: true }).fill(DOCUMENT);
        await run();
        await page.getByRole('textbox', { name: 'Quote' }).fill('ABC-123');
        await page.getByRole('combobox', { name: 'Field' }).selectOption('ref');
        const answered = page.waitForResponse((r) => r.url().endsWith('/panel/api/v1/extractions/edit'));
        await page.getByRole('button', { name: 'Insert' }).click();
        expect(JSON.parse((await answered).request().postData()!).edit.candidate).to.not.have.property('start');
    });

    it('the "(N left)" hint follows each Run, and a 402', async () => {
        const address = await playground();
        const left = () => page.locator('#credit-left').textContent();
        expect(await left()).to.equal('10');
        await run();
        expect(await left()).to.equal('9');
        await run();
        expect(await left()).to.equal('8');
        await t.server.services.store.addCredit(address, -8);
        await run();
        await page.getByRole('alert').getByText('Out of credit (402)').waitFor();
        expect(await left()).to.equal('0');
    });
});
