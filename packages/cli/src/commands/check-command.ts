import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { compileSchemaText, renderDiagnostic, type CompileResult } from '@svc/compiler';
import { parseCommandArgs, UsageError, type CliIO, type Command } from '../cli-types.js';

interface FileReport {
    file: string;
    ok: boolean;
    schema_hash?: string;
    errors: CompileResult['errors'];
    warnings: CompileResult['warnings'];
}

function plural(n: number, word: string): string {
    return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export const checkCommand: Command = {
    name: 'check',
    summary: 'compile schema files and report every error',
    usage: 'svc check FILE... [--json]',
    async run(args: string[], io: CliIO): Promise<number> {
        const parsed = parseCommandArgs({ args, options: { json: { type: 'boolean' } }, allowPositionals: true });
        const files = parsed.positionals;
        if (files.length === 0) throw new UsageError('no schema file given');
        // Read every file first: an unreadable file is an I/O error (exit 2) and nothing is printed
        // half-way.
        const texts: string[] = [];
        for (const file of files) {
            try {
                texts.push(await readFile(resolve(io.cwd, file), 'utf8'));
            } catch (e) {
                io.stderr(`svc check: cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}\n`);
                return 2;
            }
        }
        const reports: FileReport[] = [];
        let text = '';
        files.forEach((file, i) => {
            const result = compileSchemaText(texts[i]!);
            const report: FileReport = { file, ok: result.ok, errors: result.errors, warnings: result.warnings };
            if (result.schemaHash) report.schema_hash = result.schemaHash;
            reports.push(report);
            if (!parsed.values.json) {
                for (const d of [...result.errors, ...result.warnings]) text += renderDiagnostic(d, file, result) + '\n\n';
                const warned = result.warnings.length ? `, ${plural(result.warnings.length, 'warning')}` : '';
                text += result.ok ? `${file}: ok, ${result.schemaHash}${warned}\n` : `${file}: ${plural(result.errors.length, 'error')}${warned}\n`;
            }
        });
        io.stdout(parsed.values.json ? JSON.stringify(reports, null, 2) + '\n' : text);
        return reports.every((r) => r.ok) ? 0 : 1;
    },
};
