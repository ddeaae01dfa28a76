// Each diagnostic links (`codeDescription.href`) to a page explaining its code. The pages are
// generated from the compiler's registry as Markdown and linked by `file:` URI: every editor can
// open a file, while a custom `svc-explain:` scheme would need editor-specific code. The same text
// serves hover.
// Where: a directory of this process's own, made by `mkdtemp` (mode 0700) under the OS temp dir and
// removed when the process exits, so no other user can plant a link where a page is written (a fixed
// shared path could be created first by anyone). Or `explainDir`, which the client chooses. Either
// way a page is written to a new file (`wx`: never through an existing name or link) and renamed
// over its name, which replaces a link rather than writing through it.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CODES, EXAMPLES, exampleExcerpt, exampleNote, isKnownCode, messageForms } from '@svc/compiler';

/** Directories made by this process, removed at exit (one listener for all servers of a process). */
const ownDirs = new Set<string>();
let removingAtExit = false;
const removeOwnDirs = (): void => {
    for (const dir of ownDirs) rmSync(dir, { recursive: true, force: true });
    ownDirs.clear();
};

/** A shortened example's note, and its command as a shell block (Markdown would eat its quotes). */
function noteLines(code: keyof typeof CODES): string[] {
    const note = exampleNote(code)?.split('\n');
    return note ? [note[0]!, '```sh', ...note.slice(1), '```'] : [];
}

export class ExplainPages {
    private written: boolean | undefined;
    private where: string | undefined;

    /** `options.explainDir` is read on first use: it is set by the client's initialize request. */
    constructor(private readonly options: { explainDir?: string }) {}

    /** The directory the pages are in; undefined until they are written. */
    get dir(): string | undefined {
        return this.where;
    }

    /** `file:` URI of the code's page; undefined for unknown codes or when the pages cannot be written. */
    href(code: string): string | undefined {
        if (!isKnownCode(code) || !this.ensureWritten()) return undefined;
        return pathToFileURL(join(this.where!, `${code}.md`)).href;
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
            ...noteLines(code),
            `Fix: ${EXAMPLES[code].fix}`,
        ].join('\n');
    }

    /** Removes the directory this server made (not a client's `explainDir`); a later link writes the pages again. */
    dispose(): void {
        if (this.where !== undefined && ownDirs.delete(this.where)) rmSync(this.where, { recursive: true, force: true });
        this.where = undefined;
        this.written = undefined;
    }

    private ensureWritten(): boolean {
        if (this.written !== undefined) return this.written;
        try {
            const dir = this.options.explainDir ?? this.ownDir();
            mkdirSync(dir, { recursive: true, mode: 0o700 });
            this.where = dir;
            for (const code of Object.keys(CODES)) {
                const page = `# ${code}\n\n${this.markdown(code)}\n\nMessages:\n\n${messageForms(code as keyof typeof CODES)
                    .map(([, t]) => `- \`${t}\``)
                    .join('\n')}\n\nThe same text: \`svc explain ${code}\`\n`;
                const fresh = join(dir, `.${code}.${randomBytes(6).toString('hex')}.tmp`);
                writeFileSync(fresh, page, { flag: 'wx', mode: 0o600 });
                renameSync(fresh, join(dir, `${code}.md`));
            }
            this.written = true;
        } catch {
            this.written = false; // a read-only temp dir: diagnostics go out without links
        }
        return this.written;
    }

    private ownDir(): string {
        const dir = mkdtempSync(join(tmpdir(), 'svc-explain-'));
        if (!removingAtExit) process.once('exit', removeOwnDirs);
        removingAtExit = true;
        ownDirs.add(dir);
        return dir;
    }
}
