// Every command of the CLI, one module each. Commands are thin: they parse arguments and call the
// packages that do the work.
import type { Command } from '../cli-types.js';
import { checkCommand } from './check-command.js';
import { explainCommand } from './explain-command.js';
import { serveCommand } from './serve-command.js';
import { accountsCommand } from './accounts-command.js';
import { keysCommand } from './keys-command.js';
import { extractCommand } from './extract-command.js';
import { mcpCommand } from './mcp-command.js';

export const COMMANDS: readonly Command[] = [
    checkCommand,
    explainCommand,
    serveCommand,
    accountsCommand,
    keysCommand,
    extractCommand,
    mcpCommand,
];
