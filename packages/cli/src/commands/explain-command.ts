import { CODES, EXAMPLES, exampleExcerpt, exampleNote, isKnownCode, messageForms } from '@svc/compiler';
import { UsageError, type CliIO, type Command } from '../cli-types.js';

export function explainText(code: string): string | undefined {
    if (!isKnownCode(code)) return undefined;
    const info = CODES[code];
    const ex = EXAMPLES[code];
    const schema = [exampleExcerpt(code), ...(exampleNote(code)?.split('\n') ?? [])].map((l) => `  ${l}\n`).join('');
    return `${code} (${info.severity}): ${info.title}\n\n${info.explanation}\n\nExample (this schema raises ${code}):\n${schema}Fix: ${ex.fix}\n\nMessages:\n${messageForms(
        code,
    )
        .map(([, t]) => `  ${t}`)
        .join('\n')}\n\nReference: docs/schema-language.md\n`;
}

export const explainCommand: Command = {
    name: 'explain',
    usage: 'svc explain CODE',
    async run(args: string[], io: CliIO): Promise<number> {
        if (args.length !== 1) throw new UsageError('give exactly one code');
        const code = args[0]!.toUpperCase();
        const text = explainText(code);
        if (!text) {
            io.stderr(`svc explain: unknown code ${args[0]}; codes are:\n${Object.keys(CODES).join('\n')}\n`);
            return 2;
        }
        io.stdout(text);
        return 0;
    },
};
