// WCAG 2 contrast of two #rrggbb colours, and what the panel's stylesheet says (its custom properties
// and simple one-declaration rules), for the tests of its colours.
import { readFileSync } from 'node:fs';

function luminance(colour: string): number {
    const hex = colour.length === 4 ? `#${[...colour.slice(1)].map((d) => d + d).join('')}` : colour;
    const [r, g, b] = [1, 3, 5]
        .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
        .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

export function contrast(a: string, b: string): number {
    const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
    return (x! + 0.05) / (y! + 0.05);
}

export const CSS = readFileSync(new URL('../../src/panel.css', import.meta.url), 'utf8');

/** The value of custom property `--name` in :root. */
export function cssVar(name: string): string {
    return new RegExp(`--${name}:\\s*([^;]+);`).exec(CSS)![1]!.trim();
}

/** The value of `property` in the rule for `selector` (the first such rule). */
export function ruleValue(selector: string, property: string): string | undefined {
    const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const rule = new RegExp(`(?:^|[}\\s,])${escaped}\\s*\\{([^}]*)\\}`, 'm').exec(CSS)?.[1];
    return rule === undefined ? undefined : new RegExp(`(?:^|;)\\s*${property}:\\s*([^;]+)`).exec(rule)?.[1]?.trim();
}
