// Reading the files a command is given: strict UTF-8 (never a silent U+FFFD), I/O errors as one
// line naming the file rather than a stack trace, and a size cap checked before reading (a 300 MB
// file or /dev/zero is refused, not read into memory; a FIFO is no file).
import { open, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { decodeUtf8Strict, type Diagnostic } from '@svc/compiler/core';
import type { CliIO } from './cli-types.js';

export type ReadOutcome =
    | { ok: true; text: string }
    | { ok: false; io: string }
    | { ok: false; utf8: Diagnostic; offset: number }
    | { ok: false; tooBig: number };

/** Bytes of a document `svc extract` reads at most (the API takes far less in one request body). */
export const MAX_DOCUMENT_FILE_BYTES = 16 * 1024 * 1024;

/** Bytes read at a time. */
const CHUNK = 1024 * 1024;

const IO_WORDS: Record<string, string> = {
    ENOENT: 'no such file',
    EACCES: 'permission denied',
    EISDIR: 'is a folder, not a file',
    ENOTDIR: 'a part of the path is not a folder',
};

function ioError(e: unknown): ReadOutcome {
    const code = (e as NodeJS.ErrnoException).code ?? '';
    return { ok: false, io: IO_WORDS[code] ? `${IO_WORDS[code]} (${code})` : (e as Error).message };
}

/**
 * Reads a file of at most `maxBytes` as UTF-8; an I/O error is described in words with its code, a
 * larger file is `tooBig` (its size) without being read, and what is not a regular file (a folder,
 * a FIFO, a device) is refused before it is opened.
 */
export async function readTextFile(io: CliIO, file: string, maxBytes: number): Promise<ReadOutcome> {
    if (file === '') return { ok: false, io: 'no file name (an empty argument)' };
    const path = resolve(io.cwd, file);
    let bytes: Buffer;
    try {
        const info = await stat(path);
        if (info.isDirectory()) return { ok: false, io: `${IO_WORDS.EISDIR} (EISDIR)` };
        if (!info.isFile()) return { ok: false, io: 'not a regular file (a device, a pipe or a socket)' };
        if (info.size > maxBytes) return { ok: false, tooBig: info.size };
        const handle = await open(path, 'r');
        try {
            // In chunks to the end, stopping past the cap: a file that grew since stat is still caught.
            const chunks: Buffer[] = [];
            let length = 0;
            for (;;) {
                const chunk = Buffer.alloc(Math.min(CHUNK, maxBytes + 1 - length));
                const { bytesRead } = await handle.read(chunk, 0, chunk.length, length);
                if (bytesRead === 0) break;
                chunks.push(chunk.subarray(0, bytesRead));
                length += bytesRead;
                if (length > maxBytes) return { ok: false, tooBig: length };
            }
            bytes = Buffer.concat(chunks, length);
        } finally {
            await handle.close();
        }
    } catch (e) {
        return ioError(e);
    }
    const decoded = decodeUtf8Strict(bytes);
    return 'text' in decoded ? { ok: true, text: decoded.text } : { ok: false, utf8: decoded.error, offset: decoded.offset };
}
