import type { CliIO } from './cli-types.js';
import { UsageError } from './cli-types.js';
import { COMMANDS } from './commands/command-table.js';

function help(): string {
    const width = Math.max(...COMMANDS.map((c) => c.name.length));
    return ['usage: svc <command> [options]', '', 'commands:', ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`), ''].join('\n');
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

export async function main(argv: string[], io: CliIO = processIO()): Promise<number> {
    const [name, ...rest] = argv;
    if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
        io.stdout(help());
        return name === undefined ? 2 : 0;
    }
    const command = COMMANDS.find((c) => c.name === name);
    if (!command) {
        io.stderr(`svc: unknown command "${name}"\n\n${help()}`);
        return 2;
    }
    try {
        return await command.run(rest, io);
    } catch (e) {
        if (e instanceof UsageError) {
            io.stderr(`svc ${command.name}: ${e.message}\nusage: ${command.usage}\n`);
            return 2;
        }
        throw e;
    }
}
