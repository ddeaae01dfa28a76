// A compile whose diagnostics are placed where it ran: on the compile worker this sends back only
// what the editor shows (code, message, range offsets), and the server's thread does not read the
// 1 MiB text again to place them. The compiler's own tree is the one the forgiving reader builds on
// valid JSON (docs/lsp.md), so the ranges equal those placed on the server's analysis; without a
// tree (a syntax error, a text over the size limit) the forgiving reader places them, as there.
import { compileSchemaTextTree, type DocumentCompiler } from '@svc/compiler';
import { DiagnosticMapper, type PlacedDiagnostic } from '../diagnostics/diagnostic-mapper.js';
import { parseTolerant } from '../json/json-tolerant.js';

const mapper = new DiagnosticMapper();

/** `document`: the compiler of this document's versions, which reuses the tree of the one before. */
export function compilePlaced(text: string, document?: DocumentCompiler): PlacedDiagnostic[] {
    const { result, root } = document ? document.compile(text) : compileSchemaTextTree(text);
    const diagnostics = [...result.errors, ...result.warnings];
    if (diagnostics.length === 0) return [];
    return mapper.place({ text, root: root ?? parseTolerant(text).root }, diagnostics);
}
