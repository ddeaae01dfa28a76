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
    /** One line for `svc --help`. */
    summary: string;
    usage: string;
    /** Exit status: 0 success, 1 the input has errors, 2 usage or I/O error. */
    run(args: string[], io: CliIO): Promise<number>;
}

/** A usage error: printed with the command's usage, exit status 2. */
export class UsageError extends Error {}

/** node:util parseArgs, with its errors (unknown option, missing value) as usage errors. */
export function parseCommandArgs<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
    try {
        return parseArgs(config);
    } catch (e) {
        throw new UsageError((e as Error).message);
    }
}
