// The VS Code extension: its manifest, the injection grammar (run by a small TextMate-like scanner),
// the JSON Schema (with ajv), and the bundles: the server bundle must start on this Node (the
// Object.groupBy polyfill first) and answer like the unbundled server.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { expect } from 'chai';
import AjvModule from 'ajv';
import { COMMON_FIELD_KEYS, FIELD_TYPES, TYPE_KEYS } from '../src/documents/language-facts.js';
import { currencyCodes } from '@svc/compiler';
import { INVOICE } from './schema-fixtures.js';
import { LspSession, REPO_ROOT } from './lsp-test-client.js';
import { cursorIn } from './test-text.js';

const EXT = join(REPO_ROOT, 'packages', 'vscode-ext');
const read = (p: string): any => JSON.parse(readFileSync(join(EXT, p), 'utf8'));

interface Rule {
    name?: string;
    match?: string;
    begin?: string;
    end?: string;
    patterns?: Rule[];
    include?: string;
    captures?: Record<string, { name: string }>;
}

/** Scopes of an expression member's content, scanned as TextMate would: earliest match wins, end first on ties. */
function scan(grammar: { repository: Record<string, Rule> }, line: string): Array<[string, string]> {
    const member = grammar.repository['expression-member']!;
    const begin = new RegExp(member.begin!, 'g').exec(line);
    if (!begin) return [];
    const flat = (rules: Rule[]): Rule[] =>
        rules.flatMap((r) => (r.include ? flat([grammar.repository[r.include.slice(1)]!]) : r.patterns ? flat(r.patterns) : [r]));
    const rules = flat(member.patterns!);
    const out: Array<[string, string]> = [];
    let pos = begin.index + begin[0].length;
    for (;;) {
        const end = new RegExp(member.end!, 'g');
        end.lastIndex = pos;
        const e = end.exec(line)!;
        let best: { m: RegExpExecArray; rule: Rule } | undefined;
        for (const rule of rules) {
            const re = new RegExp(rule.match!, 'g');
            re.lastIndex = pos;
            const m = re.exec(line);
            if (m && m[0].length > 0 && (!best || m.index < best.m.index)) best = { m, rule };
        }
        if (!best || best.m.index >= e.index) return out;
        const scope =
            best.rule.name ??
            Object.values(best.rule.captures ?? {})
                .map((c) => c.name)
                .join('+');
        out.push([best.m[0], scope]);
        pos = best.m.index + best.m[0].length;
    }
}

describe('VS Code extension', function () {
    this.timeout(60000);
    const pkg = read('package.json');

    it('contributes the svc-schema language, activation on JSON, the grammars and the JSON Schema', () => {
        const c = pkg.contributes;
        expect(c.languages[0]).to.deep.include({ id: 'svc-schema', extensions: ['.svc.json'] });
        expect(pkg.activationEvents).to.include.members(['onLanguage:json', 'workspaceContains:**/*.svc.json']);
        expect(pkg.main).to.equal('./dist/extension.cjs');
        const injection = c.grammars.find((g: { injectTo?: string[] }) => g.injectTo);
        expect(injection.injectTo).to.include.members(['source.json', 'source.svc-schema']);
        for (const g of c.grammars) expect(existsSync(join(EXT, g.path)), g.path).to.equal(true);
        // The JSON extension must run (formatting, folding, outline); the server alone completes, hovers
        // and validates, so VS Code gets an empty JSON Schema for *.svc.json (no doubled answers).
        expect(pkg.extensionDependencies).to.deep.equal(['vscode.json-language-features']);
        const associated = read(c.jsonValidation[0].url);
        expect(c.jsonValidation[0].fileMatch).to.deep.equal(['*.svc.json']);
        expect(Object.keys(associated).filter((k) => !k.startsWith('$'))).to.deep.equal([]);
        expect(existsSync(join(EXT, c.languages[0].icon.light))).to.equal(true);
        expect(c.semanticTokenTypes.map((t: { id: string }) => t.id)).to.deep.equal(['unknownField']);
        expect(c.semanticTokenScopes[0].scopes.unknownField[0]).to.match(/^invalid\./);
        expect(existsSync(join(EXT, 'README.md'))).to.equal(true);
    });

    it('the injection grammar colours expressions in expr and applicable_when only', () => {
        const grammar = read('syntaxes/svc-expr.injection.tmLanguage.json');
        const line = String.raw`{"id": "x", "expr": "total == round(net / 2, 2, 'half_even') and d < date'2024-01-01' and not s == 'a\"b' or f(1)"}`;
        const tokens = scan(grammar, line);
        expect(tokens).to.deep.include.members([
            ['total', 'variable.other.field.svc'],
            ['==', 'keyword.operator.svc'],
            ['round', 'support.function.svc'],
            ["'half_even'", 'string.quoted.single.svc'],
            ['and', 'keyword.operator.logical.svc'],
            ['2', 'constant.numeric.svc'],
            ["date'2024-01-01'", 'storage.type.literal.svc+string.quoted.single.svc'],
            [String.raw`'a\"b'`, 'string.quoted.single.svc'],
            ['f', 'entity.name.function.svc'],
        ]);
        expect(scan(grammar, '{"name": "a", "applicable_when" : "flag"}')).to.deep.equal([['flag', 'variable.other.field.svc']]);
        expect(scan(grammar, '{"expression": "a and b"}')).to.deep.equal([]);
    });

    it('the JSON Schema accepts valid schemas and rejects structural errors', () => {
        const Ajv = ((AjvModule as unknown as { default?: unknown }).default ?? AjvModule) as new (o: object) => {
            compile(s: object): ((d: unknown) => boolean) & { errors?: unknown };
        };
        const validate = new Ajv({ strict: false, allErrors: true }).compile(read('schemas/svc-schema.schema.json'));
        const examples = readdirSync(join(REPO_ROOT, 'examples')).filter((f) => f.endsWith('.svc.json') && !f.startsWith('broken'));
        for (const f of examples) expect(validate(JSON.parse(readFileSync(join(REPO_ROOT, 'examples', f), 'utf8'))), f).to.equal(true);
        expect(validate(JSON.parse(INVOICE))).to.equal(true);
        const base = JSON.parse(INVOICE);
        const broken = (edit: (s: any) => void): boolean => {
            const s = structuredClone(base);
            edit(s);
            return validate(s);
        };
        expect(
            broken((s) => {
                s.colour = 1;
            }),
        ).to.equal(false);
        expect(
            broken((s) => {
                delete s.fields[0].type;
            }),
        ).to.equal(false);
        expect(
            broken((s) => {
                s.fields[5].pattern = '[0-9]+';
            }),
        ).to.equal(false);
        expect(
            broken((s) => {
                s.fields[0].type = 'float';
            }),
        ).to.equal(false);
        expect(
            broken((s) => {
                delete s.fields[0].currency;
            }),
        ).to.equal(false);
        expect(
            broken((s) => {
                s.svc_schema = '2.0';
            }),
        ).to.equal(false);
        expect(
            broken((s) => {
                s.relations[0].when = 1;
            }),
        ).to.equal(false);
        // Per type, exactly the keys the language server knows.
        const field = read('schemas/svc-schema.schema.json').definitions.field;
        for (const t of FIELD_TYPES) {
            const rule = field.allOf.find((r: { if: { properties: { type: { const: string } } } }) => r.if.properties.type.const === t);
            expect(rule.then.propertyNames.enum, t).to.deep.equal([...COMMON_FIELD_KEYS, ...TYPE_KEYS[t]]);
        }
    });

    it('the published JSON Schema has an $id, ISO 4217 currencies and snippets that are valid fields and relations', () => {
        const schema = read('schemas/svc-schema.schema.json');
        expect(schema.$id).to.equal('https://svc.dev/schemas/svc-schema-1.0.json');
        expect(schema.definitions.field.properties.currency.enum).to.deep.equal(currencyCodes().sort());
        expect(schema.definitions.items.properties.currency.enum).to.include('EUR');
        const Ajv = ((AjvModule as unknown as { default?: unknown }).default ?? AjvModule) as new (o: object) => {
            compile(s: object): (d: unknown) => boolean;
        };
        const validate = new Ajv({ strict: false }).compile(schema);
        // A snippet with its placeholders filled by their defaults (or the first choice, or "x").
        const fill = (v: unknown): unknown =>
            typeof v === 'string'
                ? v
                      .replace(/\$\{\d+\|([^,|]+)[^}]*\}/g, '$1')
                      .replace(/\$\{\d+:([^}]*)\}/g, '$1')
                      .replace(/\$\d+/g, 'x')
                : Array.isArray(v)
                  ? v.map(fill)
                  : v && typeof v === 'object'
                    ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x)]))
                    : v;
        const snippets = [...schema.definitions.field.defaultSnippets, ...schema.definitions.relation.defaultSnippets];
        expect(snippets.map((x: { label: string }) => x.label)).to.include.members(['New field', 'New relation']);
        for (const snippet of schema.definitions.field.defaultSnippets) {
            expect(validate({ svc_schema: '1.0', name: 't', fields: [fill(snippet.body)] }), snippet.label).to.equal(true);
        }
        for (const snippet of schema.definitions.relation.defaultSnippets) {
            expect(
                validate({ svc_schema: '1.0', name: 't', fields: [{ name: 'x', type: 'string' }], relations: [fill(snippet.body)] }),
                snippet.label,
            ).to.equal(true);
        }
    });

    it('bundles the client and the server as CommonJS; the bundled server runs on this Node', async () => {
        execFileSync(process.execPath, ['esbuild.mjs'], { cwd: EXT, stdio: 'ignore' });
        // The client loads with a stand-in for the `vscode` module the host provides.
        const require = createRequire(import.meta.url);
        const Module = require('node:module') as { prototype: { require: (id: string) => unknown } };
        const original = Module.prototype.require;
        Module.prototype.require = function (this: unknown, id: string) {
            // Any member is a class: the client extends several of vscode's (CompletionItem, …).
            return id === 'vscode' ? new Proxy({}, { get: () => class {} }) : original.call(this, id);
        };
        try {
            const ext = require(join(EXT, 'dist', 'extension.cjs')) as { activate?: unknown; deactivate?: unknown };
            expect(typeof ext.activate).to.equal('function');
            expect(typeof ext.deactivate).to.equal('function');
        } finally {
            Module.prototype.require = original;
        }
        // Every document compiles on the worker here: the bundle is also the worker's entry.
        const s = await LspSession.start({
            serverPath: join(EXT, 'dist', 'server.cjs'),
            initializationOptions: { workerThresholdBytes: 0 },
        });
        try {
            const diags = await s.open('file:///work/bundle.svc.json', INVOICE);
            expect(diags.map((d) => d.code)).to.deep.equal(['E-DIV-UNROUNDED', 'E-NAME-UNKNOWN']);
            // And its features on the feature worker, whose entry the bundle is too.
            const uri = 'file:///work/bundle.svc.json';
            const tokens = await s.request<{ data: number[] }>('textDocument/semanticTokens/full', { textDocument: { uri } });
            expect(tokens.data.length).to.be.greaterThan(0);
            const hover = await s.request<{ contents: { value: string } }>('textDocument/hover', {
                textDocument: { uri },
                position: cursorIn(INVOICE, '"total == net + vat"', '"total == ne'),
            });
            expect(hover.contents.value).to.contain('**net**');
            type Stats = { compile: { inWorker: number; inThread: number }; features: { inWorker: number; inThread: number } };
            const stats = await s.request<Stats>('svc/serverStats', {});
            expect(stats.compile).to.include({ inWorker: 1, inThread: 0 });
            expect(stats.features).to.include({ inWorker: 2, inThread: 0 });
        } finally {
            await s.stop();
        }
    });
});
