// Entry of `svc-language-server`: picks the transport from the arguments (`--stdio` for editors
// that spawn it, `--node-ipc` for VS Code's client), builds the services and listens.
import {
    createConnection,
    IPCMessageReader,
    IPCMessageWriter,
    ProposedFeatures,
    StreamMessageReader,
    StreamMessageWriter,
    type Connection,
} from 'vscode-languageserver/node';
import { registerHandlers, SERVER_NAME, SERVER_VERSION } from './lsp-handlers.js';
import { createSvcLspServices, type SvcLspOptions } from './lsp-module.js';

const USAGE = `usage: ${SERVER_NAME} --stdio | --node-ipc\n`;

/** `options`: defaults under the client's initializationOptions (a bundle passes `compileWorker`). */
export function startServer(argv: string[], options: SvcLspOptions = {}): Connection | undefined {
    if (argv.includes('--version')) {
        process.stdout.write(`${SERVER_VERSION}\n`);
        return undefined;
    }
    let connection: Connection;
    if (argv.includes('--stdio')) {
        connection = createConnection(
            ProposedFeatures.all,
            new StreamMessageReader(process.stdin),
            new StreamMessageWriter(process.stdout),
        );
    } else if (argv.includes('--node-ipc')) {
        connection = createConnection(ProposedFeatures.all, new IPCMessageReader(process), new IPCMessageWriter(process));
    } else {
        process.stderr.write(USAGE);
        process.exitCode = 2;
        return undefined;
    }
    // stdout carries the protocol: anything logged goes to the client's log instead.
    const log = (...args: unknown[]): void => connection.console.log(args.map(String).join(' '));
    console.log = log;
    console.info = log;
    console.debug = log;
    registerHandlers(createSvcLspServices(connection, { ...options }));
    connection.listen();
    endWithClient(argv.includes('--stdio'));
    return connection;
}

/**
 * The server ends with its client: when the editor closes stdin without the protocol's exit (the
 * library watches only a raw stream, not the reader it is given, and the parent's pid only every
 * 3 s), and on SIGTERM or SIGINT. `process.exit` runs the 'exit' handlers, which remove the
 * explanation pages' temporary folders (diagnostics/explain-pages.ts).
 */
function endWithClient(stdio: boolean): void {
    if (stdio) process.stdin.once('end', () => process.exit(0));
    process.once('SIGTERM', () => process.exit(143));
    process.once('SIGINT', () => process.exit(130));
}
