import { parseArgs, type ParseArgsConfig } from 'node:util';

/** What a command writes to; tests pass buffers, the binary passes the process streams. */
export interface CliIO {
    stdout: (text: string) => void;
    stderr: (text: string) => void;
    /** Whether stderr is a terminal (progress bars only then). */
    stderrIsTTY: boolean;
    env: NodeJS.ProcessEnv;
    cwd: string;
}

export interface Command {
    name: string;
    usage: string;
    /** Lines `svc <command> --help` adds after the usage. */
    help?: string;
    /** Exit status: 0 success, 1 the input has errors, 2 usage or I/O error. */
    run(args: string[], io: CliIO): Promise<number>;
}

/** `n word` with the word in the plural unless n is 1 ("1 error", "5 errors"). */
export function plural(n: number, word: string): string {
    return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** A usage error: printed with the command's usage, exit status 2. */
export class UsageError extends Error {}

/** An error of the environment (a file, a folder, an address): one line, exit status 2. */
export class CliError extends Error {}

/**
 * node:util parseArgs, with its errors (unknown option, missing value) as usage errors, and an
 * option given twice as one too. A negative number after a string option is its value (`--reads
 * -1000`), as users expect; parseArgs alone would take it for an option.
 */
export function parseCommandArgs<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
    const options = (config.options ?? {}) as Record<string, { type: string; short?: string }>;
    const args = [...(config.args ?? [])];
    for (let i = 0; i + 1 < args.length; i++) {
        const name = args[i]!.startsWith('--') ? args[i]!.slice(2) : undefined;
        if (name !== undefined && options[name]?.type === 'string' && /^-\d/.test(args[i + 1]!)) {
            args.splice(i, 2, `--${name}=${args[i + 1]}`);
        }
    }
    let parsed: ReturnType<typeof parseArgs<T>>;
    try {
        parsed = parseArgs({ ...config, args, tokens: true } as T);
    } catch (e) {
        throw new UsageError((e as Error).message);
    }
    // An option of one value given twice is a mistake, not a choice of the last (`--language en --language nl`).
    const seen = new Set<string>();
    for (const t of (parsed as { tokens?: { kind: string; name?: string }[] }).tokens ?? []) {
        if (t.kind !== 'option' || t.name === undefined || (options[t.name] as { multiple?: boolean } | undefined)?.multiple) continue;
        if (seen.has(t.name)) throw new UsageError(`--${t.name} is given more than once`);
        seen.add(t.name);
    }
    return parsed;
}
