// Server-rendered HTML with escaping by construction: every value interpolated into `html` is
// escaped unless it is itself `html` (a Safe). Pages carry no inline script or style, so the CSP
// can forbid both (docs/panel.md). The referrer meta narrows the no-referrer header to same-origin:
// under no-referrer browsers send `Origin: null` on the page's own POSTs, which the Origin check
// must refuse; same-origin still sends nothing to other sites.

export class Safe {
    constructor(readonly text: string) {}
    toString(): string {
        return this.text;
    }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(s: string): string {
    return s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

type Part = Safe | string | number | boolean | null | undefined | readonly Part[];

function render(part: Part): string {
    if (part === null || part === undefined || part === false) return '';
    if (part instanceof Safe) return part.text;
    if (Array.isArray(part)) return part.map(render).join('');
    return escapeHtml(String(part));
}

export function html(strings: TemplateStringsArray, ...values: Part[]): Safe {
    let out = strings[0]!;
    values.forEach((v, i) => (out += render(v) + strings[i + 1]!));
    return new Safe(out);
}

export interface Assets {
    script: string;
    style: string;
    icon: string;
}

export interface PageOptions {
    title: string;
    assets: Assets;
    csrf: string;
    /** Signed in: the navigation and Sign out are shown; `current` marks the page in the nav. */
    signedIn?: { email: string; current?: 'keys' | 'usage' | 'playground' };
    body: Safe;
}

const NAV: Array<[NonNullable<PageOptions['signedIn']>['current'], string, string]> = [
    ['keys', '/panel/keys', 'API keys'],
    ['usage', '/panel/usage', 'Usage'],
    ['playground', '/panel/playground', 'Playground'],
];

export function page(o: PageOptions): string {
    const nav = o.signedIn
        ? html`<nav aria-label="Panel"><ul>${NAV.map(([id, href, label]) => html`<li><a href="${href}"${o.signedIn!.current === id ? html` aria-current="page"` : ''}>${label}</a></li>`)}</ul></nav>
    <form method="post" action="/panel/sign-out" class="signout"><input type="hidden" name="_csrf" value="${o.csrf}"><span class="who">${o.signedIn.email}</span> <button type="submit">Sign out</button></form>`
        : '';
    return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="csrf-token" content="${o.csrf}">
<meta name="referrer" content="same-origin">
<title>${o.title} · svc panel</title>
<link rel="icon" href="${o.assets.icon}" type="image/svg+xml">
<link rel="stylesheet" href="${o.assets.style}">
<script type="module" src="${o.assets.script}"></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header><span class="brand">svc</span>${nav}</header>
<main id="main" tabindex="-1">
<h1>${o.title}</h1>
${o.body}
</main>
</body>
</html>
`.text;
}

/** A hidden CSRF field for a form. */
export function csrfField(token: string): Safe {
    return html`<input type="hidden" name="_csrf" value="${token}">`;
}
