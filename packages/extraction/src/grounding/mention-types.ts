// A mention: one piece of document text read as one field's value, with its confidence. Offsets are
// code points of the document (docs/extraction.md); ids are integers here and strings in responses.
import type { ParsedValue } from '../parsers/quote-parser.js';

export interface Mention {
    /** Unique within the extraction, never reused. */
    id: number;
    /** The evidence bundle that added it (0: the reader's first pass). */
    bundle: number;
    /** Field id (index in the schema's fields). */
    field: number;
    /** Code-point offsets into the document, end exclusive. */
    start: number;
    end: number;
    quote: string;
    p: number;
    parsed: ParsedValue;
}

/** A grounded candidate before it has an id. */
export type GroundedMention = Omit<Mention, 'id' | 'bundle'>;
