// The compiler, with its expression front end (expr/expr-seam.ts; core.ts is the rest).
import './expr/expr-register.js';

export * from './core.js';
export { REFERENCE_SECTIONS, withReferenceSections } from './reference/reference-tables.js';
