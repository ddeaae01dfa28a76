import { renderDiagnostic, visibleText, type CompileResult } from '@svc/compiler/core';
import { compileSchemaFile } from '../cli-compile.js';
import { parseCommandArgs, plural, UsageError, type CliIO, type Command } from '../cli-types.js';

interface FileReport {
    file: string;
    ok: boolean;
    schema_hash?: string;
    /** Why the file could not be read (then errors and warnings are empty). */
    io_error?: string;
    errors: CompileResult['errors'];
    warnings: CompileResult['warnings'];
}

export const checkCommand: Command = {
    name: 'check',
    usage: 'svc check FILE... [--json]',
    async run(args: string[], io: CliIO): Promise<number> {
        const parsed = parseCommandArgs({ args, options: { json: { type: 'boolean' } }, allowPositionals: true });
        const files = parsed.positionals;
        if (files.length === 0) throw new UsageError('no schema file given');
        // Every file is checked and reported; one that cannot be read is named (exit 2), the others
        // are still checked. A file that is not UTF-8 is a schema error (E-JSON-SYNTAX, exit 1), and
        // so is one over 1 MiB (E-LIMIT), found before reading it.
        const reports: FileReport[] = [];
        let text = '';
        let unreadable = 0;
        for (const file of files) {
            const read = await compileSchemaFile(io, file);
            if ('io' in read) {
                unreadable++;
                reports.push({ file, ok: false, io_error: read.io, errors: [], warnings: [] });
                if (!parsed.values.json) io.stderr(`svc check: cannot read ${visibleText(file)}: ${visibleText(read.io)}\n`);
                continue;
            }
            const result = read.result;
            const report: FileReport = { file, ok: result.ok, errors: result.errors, warnings: result.warnings };
            if ('schemaHash' in result && result.schemaHash) report.schema_hash = result.schemaHash;
            reports.push(report);
            if (!parsed.values.json) {
                for (const d of [...result.errors, ...result.warnings]) text += renderDiagnostic(d, file, result) + '\n\n';
                const warned = result.warnings.length ? `, ${plural(result.warnings.length, 'warning')}` : '';
                // A file name is shown as diagnostics show what the schema says (no terminal controls).
                text += result.ok
                    ? `${visibleText(file)}: ok, ${report.schema_hash}${warned}\n`
                    : `${visibleText(file)}: ${plural(result.errors.length, 'error')}${warned}\n`;
            }
        }
        io.stdout(parsed.values.json ? JSON.stringify(reports, null, 2) + '\n' : text);
        if (unreadable > 0) return 2;
        return reports.every((r) => r.ok) ? 0 : 1;
    },
};
