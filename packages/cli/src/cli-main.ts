import { readFileSync } from 'node:fs';
import type { CliIO } from './cli-types.js';
import { CliError, UsageError } from './cli-types.js';
import { COMMANDS } from './commands/command-table.js';

function help(): string {
    const width = Math.max(...COMMANDS.map((c) => c.name.length));
    return [
        'usage: svc <command> [options]',
        '',
        'commands:',
        ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
        '',
        "svc <command> --help shows a command's usage; svc --version the version.",
        'The schema language: docs/schema-language.md',
        '',
    ].join('\n');
}

/** The version of the CLI package (one source: its package.json). */
export function cliVersion(): string {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    return pkg.version;
}

export function processIO(): CliIO {
    return {
        stdout: (t) => process.stdout.write(t),
        stderr: (t) => process.stderr.write(t),
        stderrIsTTY: Boolean(process.stderr.isTTY),
        env: process.env,
        cwd: process.cwd(),
    };
}

/** An operating-system error (ENOENT, EACCES, ENOTDIR…): the user's environment, not a bug. */
function systemError(e: unknown): e is NodeJS.ErrnoException {
    const code = (e as NodeJS.ErrnoException | undefined)?.code;
    return typeof code === 'string' && /^E[A-Z]+$/.test(code);
}

/**
 * The variable naming a database or Redis the store could not reach (its DependencyUnavailableError,
 * known by name so that this module loads no server code): the environment, not a bug.
 */
function unavailable(e: unknown): string | undefined {
    if ((e as Error | undefined)?.name !== 'DependencyUnavailableError') return undefined;
    return (e as { dependency?: string }).dependency === 'redis' ? 'SVC_REDIS_URL' : 'SVC_DATABASE_URL';
}

export async function main(argv: string[], io: CliIO = processIO()): Promise<number> {
    const [name, ...rest] = argv;
    if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
        io.stdout(help());
        return name === undefined ? 2 : 0;
    }
    if (name === '--version' || name === '-V') {
        io.stdout(`svc ${cliVersion()}\n`);
        return 0;
    }
    const entry = COMMANDS.find((c) => c.name === name);
    if (!entry) {
        io.stderr(`svc: unknown command "${name}"\n\n${help()}`);
        return 2;
    }
    const command = await entry.load();
    if (rest.includes('--help') || rest.includes('-h')) {
        io.stdout(`${entry.summary}\n\nusage: ${command.usage}\n${command.help ? `\n${command.help}\n` : ''}`);
        return 0;
    }
    try {
        return await command.run(rest, io);
    } catch (e) {
        if (e instanceof UsageError) {
            io.stderr(`svc ${command.name}: ${e.message}\nusage: ${command.usage}\n`);
            return 2;
        }
        // No stack trace reaches a user: one line, exit 2 (SVC_DEBUG=1 prints the stack).
        if (io.env.SVC_DEBUG) io.stderr(`${(e as Error).stack}\n`);
        if (e instanceof CliError || systemError(e)) {
            io.stderr(`svc ${command.name}: ${(e as Error).message}\n`);
            return 2;
        }
        const down = unavailable(e);
        if (down) {
            io.stderr(`svc ${command.name}: ${(e as Error).message} (check ${down})\n`);
            return 2;
        }
        io.stderr(`svc ${command.name}: internal error: ${(e as Error).message ?? String(e)} (SVC_DEBUG=1 shows where)\n`);
        return 2;
    }
}
