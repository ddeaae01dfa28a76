// Rewrites the generated tables of docs/schema-language.md from the compiler's registries
// (`npm run docs:reference`; the compiler's tests fail when the document and the registry differ).
import '@svc/language/polyfill';
import { readFileSync, writeFileSync } from 'node:fs';
import { withReferenceSections } from '@svc/compiler';

const file = new URL('../docs/schema-language.md', import.meta.url);
const before = readFileSync(file, 'utf8');
const after = withReferenceSections(before);
if (after !== before) writeFileSync(file, after);
console.log(after === before ? 'docs/schema-language.md is up to date' : 'docs/schema-language.md rewritten');
