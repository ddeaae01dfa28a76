import { ConfigError, runServer } from '@svc/runtime-server';
import { parseCommandArgs, type CliIO, type Command } from '../cli-types.js';

export const serveCommand: Command = {
    name: 'serve',
    summary: 'run the HTTP API (HOST, PORT, SVC_DATA_DIR)',
    usage: 'svc serve   (configured by HOST, PORT, SVC_DATA_DIR, SVC_SESSION_SECRET)',
    async run(args: string[], io: CliIO): Promise<number> {
        parseCommandArgs({ args, options: {}, allowPositionals: false });
        let server;
        try {
            server = await runServer(io.env, io.cwd);
        } catch (e) {
            if (e instanceof ConfigError) {
                io.stderr(`svc serve: ${e.message}\n`);
                return 2;
            }
            const code = (e as NodeJS.ErrnoException).code;
            if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL') {
                io.stderr(`svc serve: cannot listen: ${(e as Error).message}\n`);
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
