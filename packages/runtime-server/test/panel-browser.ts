// Browser support for the panel's end-to-end tests and its benchmark: Debian's Chromium driven by
// playwright-core. No Chromium: the tests say so and skip (CI installs it, so there they run).
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { createHmac } from 'node:crypto';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { ServerConfig } from '../src/index.js';
import { startTestServer, type TestServer } from './test-server.js';

// Globals of the page, used only inside page.evaluate callbacks (this program has no DOM types).
declare const document: any;
const CANDIDATES = [process.env.SVC_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function chromiumPath(): string | undefined {
    return CANDIDATES.find((p): p is string => !!p && existsSync(p));
}

export const CHROMIUM_ARGS = [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
];

export async function launchChromium(): Promise<Browser> {
    return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true });
}

/**
 * Where the screenshots are written: the ones the README links with SVC_UPDATE_SCREENSHOTS=1, else a
 * folder of the system's temporary directory, so an ordinary test run leaves the work tree clean.
 */
export const SCREENSHOT_DIR = process.env.SVC_UPDATE_SCREENSHOTS
    ? join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'docs', 'panel-screenshots')
    : join(tmpdir(), 'svc-panel-screenshots');

export const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

/** Full-page screenshots of the current page at both sizes, as <name>-desktop.png and <name>-phone.png. */
export async function screenshots(page: Page, name: string): Promise<void> {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const original = page.viewportSize();
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
        await page.setViewportSize(viewport);
        await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${size}.png`), fullPage: true, animations: 'disabled', caret: 'hide' });
    }
    if (original) await page.setViewportSize(original);
}

/** Presses Tab until the focused element has this accessible name (and role, when given). */
export async function tabTo(page: Page, name: string | RegExp, role?: string, max = 80): Promise<void> {
    for (let i = 0; i < max; i++) {
        await page.keyboard.press('Tab');
        const focused = await page.evaluate(() => {
            const e = document.activeElement;
            if (!e) return { name: '', role: '' };
            const labelled = e.getAttribute('aria-label') ?? (e.id ? document.querySelector(`label[for="${e.id}"]`)?.textContent : null);
            const tag = e.tagName.toLowerCase();
            const type = e.type;
            const role =
                e.getAttribute('role') ??
                (tag === 'button'
                    ? 'button'
                    : tag === 'a'
                      ? 'link'
                      : tag === 'select'
                        ? 'combobox'
                        : type === 'checkbox'
                          ? 'checkbox'
                          : tag === 'textarea' || tag === 'input'
                            ? 'textbox'
                            : tag);
            return { name: (labelled ?? (type === 'checkbox' ? e.parentElement?.textContent : e.textContent) ?? '').trim(), role };
        });
        const nameOk = typeof name === 'string' ? focused.name === name : name.test(focused.name);
        if (nameOk && (role === undefined || focused.role === role)) return;
    }
    throw new Error(`Tab never reached ${String(name)}`);
}

/** A payment callback signed as the provider would. */
export function signPayment(secret: string, body: string, t = Math.floor(Date.now() / 1000)): string {
    return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

/** A document that makes the invoice example conflict (net + VAT ≠ total), with markup in it. */
export const CONFLICT_DOCUMENT = `INVOICE
Invoice number: INV-1
Invoice date: 2024-03-04
Net amount: EUR 80.00
VAT 21%: EUR 10.00
Total amount due: EUR 100.00
<script>window.__pwned = 1</script> <img src="x" onerror="window.__pwned = 2">
`;

/**
 * A test server with the real engine and editor, and Chromium; without Chromium the suite prints
 * why and skips (or fails, when SVC_REQUIRE_CHROMIUM is set, as in CI).
 */
export async function startBrowserSuite(
    suite: Mocha.Context,
    config: Partial<ServerConfig> = {},
): Promise<{ t: TestServer; browser: Browser }> {
    if (!chromiumPath()) {
        if (process.env.SVC_REQUIRE_CHROMIUM) throw new Error('SVC_REQUIRE_CHROMIUM is set but no Chromium was found');
        console.log('      SKIPPED: no Chromium found (apt-get install chromium, or set SVC_CHROMIUM); .ci/run installs it');
        suite.skip();
    }
    const t = await startTestServer({
        config,
        limits: { perIp: 100_000, perKey: 100_000, perAccount: 100_000, extractionsPerAccount: 100_000 },
        overrides: { engine: undefined, editor: undefined },
    });
    return { t, browser: await launchChromium() };
}
