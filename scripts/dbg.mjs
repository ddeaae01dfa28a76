import '/work/h16/scripts/polyfill.mjs';
import { compileSchemaText } from '@svc/compiler';
import { createEngine, secretRingOf } from '@svc/extraction';
import { loadSets, same } from '/work/h16/scripts/ranker-data.mjs';
const [setName, field, n, ctx] = process.argv.slice(2);
const set = loadSets().find(s => s.name === setName);
const engine = createEngine({ reader: 'heuristic', secrets: secretRingOf(['q']) });
const compiled = compileSchemaText(set.schemaText);
for (const c of set.tune.slice(0, Number(n || 25))) {
  const ex = await engine.extract({ document: c.document, schema: compiled.schema, language: c.language, reference: null, options: { on_conflict: 'withhold', fallback: 'off' } });
  const got = ex.response.data[field];
  if (!same(c.expected[field], got)) {
    const want = typeof c.expected[field] === 'object' && c.expected[field] ? c.expected[field].amount : String(c.expected[field]);
    const at = c.document.indexOf(want);
    console.log(JSON.stringify(c.expected[field]), '|', JSON.stringify(got), ex.response.fields[field].status, '|', ctx ? JSON.stringify(c.document.slice(Math.max(0, at - 80), at + 30)) : '');
  }
}
