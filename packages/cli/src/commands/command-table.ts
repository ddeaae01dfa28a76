// Every command of the CLI, one module each. Commands are thin: they parse arguments and call the
// packages that do the work. A command's module is loaded only when it runs, so `svc check` and
// `svc extract` never load the server, its database drivers and the MCP SDK (a third of a second
// of start-up, paid by every document batch the scorer and users run).
import type { Command } from '../cli-types.js';

export interface CommandEntry {
    name: string;
    /** One line for `svc --help`. */
    summary: string;
    load(): Promise<Command>;
}

export const COMMANDS: readonly CommandEntry[] = [
    {
        name: 'check',
        summary: 'compile schema files and report every error',
        load: async () => (await import('./check-command.js')).checkCommand,
    },
    {
        name: 'explain',
        summary: 'explain a diagnostic code (E-… or W-…)',
        load: async () => (await import('./explain-command.js')).explainCommand,
    },
    {
        name: 'serve',
        summary: 'run the HTTP API (HOST, PORT, SVC_DATA_DIR)',
        load: async () => (await import('./serve-command.js')).serveCommand,
    },
    {
        name: 'accounts',
        summary: 'create and show accounts, add credit, set panel passwords (in SVC_DATA_DIR or SVC_DATABASE_URL)',
        load: async () => (await import('./accounts-command.js')).accountsCommand,
    },
    {
        name: 'keys',
        summary: 'create, list and revoke API keys (in SVC_DATA_DIR or SVC_DATABASE_URL; with it, revoke needs SVC_REDIS_URL)',
        load: async () => (await import('./keys-command.js')).keysCommand,
    },
    {
        name: 'extract',
        summary: 'extract fields from text files locally with the embedded reader',
        load: async () => (await import('./extract-command.js')).extractCommand,
    },
    {
        name: 'mcp',
        summary: 'an MCP server over stdio forwarding to the API (SVC_API_URL, SVC_API_KEY)',
        load: async () => (await import('./mcp-command.js')).mcpCommand,
    },
];
