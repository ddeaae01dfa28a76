// The panel's layout and focus in Chromium: at 390 px no page scrolls sideways, even with a long
// email; dates and times in the keys table stay on one line at 1280 px, the last use to the minute;
// the focus ring stands out 3:1 from the background around it, on a card, the page and the header.
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { VIEWPORTS, startBrowserSuite, tabTo } from './panel-browser.js';
import { createKey } from '../src/index.js';
import { call, SCHEMA, type TestServer } from './test-server.js';

// Globals of the page, used only inside page.evaluate callbacks (this program has no DOM types).
declare const document: any, getComputedStyle: any;
const PASSWORD = 'correct horse battery staple';

/** WCAG 2 contrast of two computed colours, `rgb(r, g, b)`. */
function contrast(a: string, b: string): number {
    const lum = (rgb: string): number => {
        const [r, g, bl] = rgb
            .match(/\d+(\.\d+)?/g)!
            .slice(0, 3)
            .map((v) => Number(v) / 255)
            .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
    };
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x! + 0.05) / (y! + 0.05);
}

describe('panel layout and focus (Chromium)', function () {
    this.timeout(120_000);
    let t: TestServer;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;

    before(async function () {
        ({ t, browser } = await startBrowserSuite(this));
    });
    after(async () => {
        await browser?.close();
        await t?.stop();
    });
    afterEach(async () => {
        await context?.close();
    });

    async function signUp(address: string, viewport: { width: number; height: number }): Promise<void> {
        context = await browser.newContext({ viewport });
        page = await context.newPage();
        await page.goto(`${t.url}/panel/sign-up`);
        await page.getByLabel('Email').fill(address);
        await page.getByLabel('Password').fill(PASSWORD);
        await page.getByRole('button', { name: 'Sign up' }).click();
        await page.getByRole('heading', { name: 'API keys' }).waitFor();
    }

    it('at 390 px no page scrolls sideways, with a 70-character email and a key', async () => {
        const address = `averyveryverylongaddressforaphonescreen${process.pid}@subdomain.example.test`; // no hyphen to break at
        await signUp(address, VIEWPORTS.phone);
        await page.getByLabel('Name').fill('phone');
        await page.getByRole('button', { name: 'Create key' }).click();
        for (const path of ['/panel/keys', '/panel/usage', '/panel/playground']) {
            await page.goto(`${t.url}${path}`);
            const width = await page.evaluate(() => document.documentElement.scrollWidth as number);
            expect(width, path).to.be.at.most(VIEWPORTS.phone.width);
        }
    });

    it('at 1280 px the keys table keeps each date and time on one line; the last use shows the minute', async () => {
        const address = `dates-${process.pid}@example.test`;
        await signUp(address, VIEWPORTS.desktop);
        for (const name of ['laptop', 'a key with a rather long name for the build server']) {
            const { key } = await createKey(t.server.services.store, { email: address, name, expiresDays: 30 });
            expect((await call(t, 'POST', '/v1/schemas/validate', { key, body: { schema: SCHEMA } })).status).to.equal(200);
        }
        await new Promise((r) => setTimeout(r, 50)); // the last use is written after the answer
        await page.reload();
        const cells = await page.evaluate(() =>
            [...document.querySelectorAll('td.date')].map((td: any) => {
                const range = document.createRange();
                range.selectNodeContents(td);
                return {
                    text: td.textContent as string,
                    lines: new Set([...range.getClientRects()].map((r: any) => Math.round(r.top))).size,
                };
            }),
        );
        expect(cells).to.have.length(6);
        for (const c of cells) expect(c.lines, c.text).to.equal(1);
        expect(cells.filter((c) => /^\d{4}-\d\d-\d\d \d\d:\d\d$/.test(c.text))).to.have.length(2);
    });

    it('the focus ring has 3:1 or more against what surrounds it: a card, the page, the header', async () => {
        await signUp(`focus-${process.pid}@example.test`, VIEWPORTS.desktop);
        const ring = () =>
            page.evaluate(() => {
                const e = document.activeElement;
                let bg = 'rgba(0, 0, 0, 0)';
                // The ring is drawn 2 px outside the element, over its parent's background.
                for (let p = e.parentElement; p && /rgba\(0, 0, 0, 0\)|transparent/.test(bg); p = p.parentElement)
                    bg = getComputedStyle(p).backgroundColor;
                return { outline: getComputedStyle(e).outlineColor as string, style: getComputedStyle(e).outlineStyle as string, bg };
            });
        const seen = [];
        for (const [name, role] of [
            ['API keys', 'link'],
            ['Name', 'textbox'],
            ['Create key', 'button'],
        ] as const) {
            await tabTo(page, name, role);
            const r = await ring();
            expect(r.style, name).to.equal('solid');
            expect(contrast(r.outline, r.bg), `${name}: ${r.outline} on ${r.bg}`).to.be.at.least(3);
            seen.push(r.bg);
        }
        await page.goto(`${t.url}/panel/sign-in`);
        await tabTo(page, 'Sign up', 'link'); // a link on the page's own background
        const r = await ring();
        expect(contrast(r.outline, r.bg), `Sign up: ${r.outline} on ${r.bg}`).to.be.at.least(3);
        seen.push(r.bg);
        expect(new Set(seen).size, 'header, card and page backgrounds').to.equal(3);
    });
});
