// Reading the files a command is given: strict UTF-8 (never a silent U+FFFD), and I/O errors as one
// line naming the file rather than a stack trace.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { decodeUtf8Strict, type Diagnostic } from '@svc/compiler/core';
import type { CliIO } from './cli-types.js';

export type ReadOutcome = { ok: true; text: string } | { ok: false; io: string } | { ok: false; utf8: Diagnostic; offset: number };

const IO_WORDS: Record<string, string> = {
    ENOENT: 'no such file',
    EACCES: 'permission denied',
    EISDIR: 'is a folder, not a file',
    ENOTDIR: 'a part of the path is not a folder',
};

/** Reads a file as UTF-8; an I/O error is described in words with its code. */
export async function readTextFile(io: CliIO, file: string): Promise<ReadOutcome> {
    let bytes: Buffer;
    try {
        bytes = await readFile(resolve(io.cwd, file));
    } catch (e) {
        const code = (e as NodeJS.ErrnoException).code ?? '';
        return { ok: false, io: IO_WORDS[code] ? `${IO_WORDS[code]} (${code})` : (e as Error).message };
    }
    const decoded = decodeUtf8Strict(bytes);
    return 'text' in decoded ? { ok: true, text: decoded.text } : { ok: false, utf8: decoded.error, offset: decoded.offset };
}
