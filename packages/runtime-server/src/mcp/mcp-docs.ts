// The schema-language reference the MCP resource serves: docs/schema-language.md of this repository,
// read once at start-up (the file does not change while a server runs).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** docs/schema-language.md, from dist/src/mcp/ of this package up to the repository root. */
export const SCHEMA_LANGUAGE_DOC_PATH = fileURLToPath(new URL('../../../../../docs/schema-language.md', import.meta.url));

export function loadSchemaLanguageDoc(path: string = SCHEMA_LANGUAGE_DOC_PATH): string {
    try {
        return readFileSync(path, 'utf8');
    } catch {
        // A server installed without the docs still answers the resource, saying what is missing.
        return (
            '# svc schema language\n\nThe reference (docs/schema-language.md) is not installed with this server; ' +
            'see the svc repository. `svc explain CODE` describes every diagnostic code.\n'
        );
    }
}
