// Each diagnostic links (`codeDescription.href`) to a page explaining its code. The pages are
// generated from the compiler's registry into a directory (default: <tmp>/svc-language-server/
// explain) as Markdown and linked by `file:` URI: every editor can open a file, while a custom
// `svc-explain:` scheme would need editor-specific code. The same text serves hover.
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CODES, EXAMPLES, exampleExcerpt, isKnownCode, messageForms } from '@svc/compiler';

export class ExplainPages {
    private written: boolean | undefined;

    /** `options.explainDir` is read on first use: it is set by the client's initialize request. */
    constructor(private readonly options: { explainDir?: string }) {}

    get dir(): string {
        return this.options.explainDir ?? join(tmpdir(), 'svc-language-server', 'explain');
    }

    /** `file:` URI of the code's page; undefined for unknown codes or when the pages cannot be written. */
    href(code: string): string | undefined {
        if (!isKnownCode(code) || !this.ensureWritten()) return undefined;
        return pathToFileURL(join(this.dir, `${code}.md`)).href;
    }

    /** The explanation as Markdown (hover, pages). */
    markdown(code: string): string | undefined {
        if (!isKnownCode(code)) return undefined;
        const info = CODES[code];
        return [
            `**${code}** (${info.severity}): ${info.title}`,
            '',
            info.explanation,
            '',
            'Example (raises this code):',
            '```json',
            exampleExcerpt(code),
            '```',
            `Fix: ${EXAMPLES[code].fix}`,
        ].join('\n');
    }

    private ensureWritten(): boolean {
        if (this.written !== undefined) return this.written;
        try {
            mkdirSync(this.dir, { recursive: true });
            for (const code of Object.keys(CODES)) {
                const page = `# ${code}\n\n${this.markdown(code)}\n\nMessages:\n\n${messageForms(code as keyof typeof CODES)
                    .map(([, t]) => `- \`${t}\``)
                    .join('\n')}\n\nThe same text: \`svc explain ${code}\`\n`;
                writeFileSync(join(this.dir, `${code}.md`), page);
            }
            this.written = true;
        } catch {
            this.written = false; // a read-only temp dir: diagnostics go out without links
        }
        return this.written;
    }
}
