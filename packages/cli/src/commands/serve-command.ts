import { ConfigError, runServer } from '@svc/runtime-server';
import { ensureDataDir } from '../cli-data-dir.js';
import { parseCommandArgs, type CliIO, type Command } from '../cli-types.js';

export const serveCommand: Command = {
    name: 'serve',
    usage: 'svc serve   (configured by HOST, PORT, SVC_DATA_DIR, SVC_SESSION_SECRET)',
    async run(args: string[], io: CliIO): Promise<number> {
        parseCommandArgs({ args, options: {}, allowPositionals: false });
        ensureDataDir(io);
        let server;
        try {
            server = await runServer(io.env, io.cwd);
        } catch (e) {
            if (e instanceof ConfigError) {
                io.stderr(`svc serve: ${e.message}\n`);
                return 2;
            }
            const code = (e as NodeJS.ErrnoException).code;
            if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
                io.stderr(
                    `svc serve: cannot listen on HOST=${io.env.HOST || '127.0.0.1'} PORT=${io.env.PORT || '8080'}: ${(e as Error).message}\n`,
                );
                return 2;
            }
            throw e;
        }
        await server.done;
        // Anything a dependency left running (a timer, a socket) must not keep a stopped server alive.
        setTimeout(() => process.exit(0), 1_000).unref();
        return 0;
    },
};
