// The text output of `svc extract`: per file, each field's status, value and confidence, each
// conflict with its competing values and repairs, and the warnings. A document is untrusted input:
// its values and quotes reach the terminal with every control, bidi or zero-width character shown by
// its code point (`\u{1B}`), as `svc check` shows a schema's; `--json` keeps the exact text.
import { visibleText } from '@svc/compiler/core';
import type { ExtractionObject } from '@svc/extraction';
import { plural } from '../cli-types.js';
import { repairText, valueJson, valueText, viewOf } from './extract-view.js';

export function summary(file: string, ex: ExtractionObject): string {
    const view = viewOf(ex);
    const lines = [`${file}: ${plural(ex.usage.reads, 'read')}, ${plural(ex.usage.input_tokens, 'token')}`];
    for (const [name, f] of view.fields) {
        lines.push(
            `  ${name}: ${f.status}${f.value === null || f.value === undefined ? '' : ` ${valueJson(f.value)} (confidence ${f.confidence.toFixed(2)})`}`,
        );
    }
    for (const c of view.conflicts) {
        const about = c.relations.length
            ? `${c.fields.join(', ')} break ${c.relations.join(', ')}`
            : `${c.fields.join(', ')}: the document disagrees`;
        lines.push(`  conflict (${c.kind}): ${about}`);
        for (const id of c.mentions) {
            const m = view.mentions.get(id);
            if (m) lines.push(`    ${m.field} = ${valueText(m.value)}  from "${m.quote}" at ${m.start}..${m.end} (p ${m.p.toFixed(2)})`);
        }
        for (const r of c.repairs) lines.push(`    repair: ${repairText(r, view.mentions)}`);
    }
    for (const w of ex.warnings) lines.push(`  warning: ${w}`);
    return lines.map(visibleText).join('\n') + '\n';
}
