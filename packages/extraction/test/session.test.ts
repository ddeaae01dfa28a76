import { expect } from 'chai';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { CodePointIndex } from '../src/grounding/code-points.js';
import { EmptySecretError } from '../src/session/secret-file.js';
import { loadSecretRing, secretRingOf, SECRET_FILE } from '../src/session/secret-ring.js';
import { decodeSession, encodeSession, verifySession } from '../src/session/session-codec.js';
import { sessionBinding } from '../src/session/session-payload.js';
import { firstPassPayload, restoreMentions } from '../src/session/session-state.js';
import { parseQuote } from '../src/parsers/quote-parser.js';
import { date, makeSchema, money } from './support/schema-builder.js';

const OPTIONS = { on_conflict: 'withhold', fallback: 'off' } as const;
const SCHEMA = makeSchema([
    { name: 'invoice_date', type: date() },
    { name: 'total', type: money() },
]);
const DOC = '😀 Date: 3 January 2024\nTotal: EUR 12.00';

function payload() {
    const doc = new CodePointIndex(DOC);
    const quote = '3 January 2024';
    const start = doc.toCodePoint(DOC.indexOf(quote));
    const m = {
        id: 0,
        bundle: 0,
        field: 0,
        start,
        end: start + quote.length,
        quote,
        p: 0.8,
        parsed: parseQuote(SCHEMA.fields[0]!.type, quote, 'en')!,
    };
    const binding = sessionBinding({ document: DOC, schemaHash: SCHEMA.schemaHash, language: 'en', options: OPTIONS, reference: null });
    return { doc, m, p: firstPassPayload(binding, [m]) };
}

describe('session codec', () => {
    it('has the v1.<payload>.<mac> form with a deflated JSON payload', () => {
        const token = encodeSession(payload().p, secretRingOf(['k1']));
        const parts = token.split('.');
        expect(parts).to.have.length(3);
        expect(parts[0]).to.equal('v1');
        const json = JSON.parse(inflateRawSync(Buffer.from(parts[1]!, 'base64url')).toString('utf8'));
        expect(json.revision).to.equal(0);
        expect(json.bundles[0].mentions[0]).to.deep.equal([0, 0, 8, 22, 0.8]);
        expect(json.next_mention).to.equal(1);
        expect(json.next_bundle).to.equal(1);
    });

    it('round-trips, and restores mentions from the document', () => {
        const { doc, p } = payload();
        const ring = secretRingOf(['k1']);
        const d = decodeSession(encodeSession(p, ring), ring);
        expect(d.ok).to.equal(true);
        if (!d.ok) return;
        expect(d.payload).to.deep.equal(p);
        const r = restoreMentions(d.payload, SCHEMA, doc, 'en');
        expect(r.ok).to.equal(true);
        if (r.ok) expect(r.mentions[0]!.quote).to.equal('3 January 2024');
    });

    it('refuses any changed character and a wrong secret', () => {
        const ring = secretRingOf(['k1']);
        const token = encodeSession(payload().p, ring);
        for (let i = 3; i < token.length; i += 7) {
            if (token[i] === '.') continue;
            const c = token[i] === 'A' ? 'B' : 'A';
            const bad = token.slice(0, i) + c + token.slice(i + 1);
            expect(verifySession(bad, ring), `position ${i}`).to.equal(false);
        }
        expect(decodeSession(token, secretRingOf(['other'])).ok).to.equal(false);
        expect(decodeSession('v1.x', ring).ok).to.equal(false);
        expect(decodeSession(42, ring).ok).to.equal(false);
    });

    it('rotates keys: the first secret signs, all verify', () => {
        const old = secretRingOf(['old']);
        const token = encodeSession(payload().p, old);
        const rotated = secretRingOf(['new', 'old']);
        expect(decodeSession(token, rotated).ok).to.equal(true);
        expect(decodeSession(encodeSession(payload().p, rotated), old).ok).to.equal(false);
    });

    it('binds document, schema, language, options and reference', () => {
        const base = { document: DOC, schemaHash: SCHEMA.schemaHash, language: 'en' as const, options: OPTIONS, reference: null };
        const b = sessionBinding(base);
        expect(sessionBinding({ ...base, document: DOC + ' ' })).to.not.equal(b);
        expect(sessionBinding({ ...base, language: 'nl' })).to.not.equal(b);
        expect(sessionBinding({ ...base, reference: 'r' })).to.not.equal(b);
        expect(sessionBinding({ ...base, schemaHash: 'sha256:1' })).to.not.equal(b);
    });

    it('reads SVC_SESSION_SECRET, else creates one secret file (0600) in the data directory and reuses it', () => {
        expect(loadSecretRing({ SVC_SESSION_SECRET: 'a, b' }, '/').all).to.deep.equal(['a', 'b']);
        const dir = mkdtempSync(join(tmpdir(), 'svc-ring-'));
        try {
            const env = { SVC_DATA_DIR: join(dir, 'data') };
            const first = loadSecretRing(env, dir);
            const again = loadSecretRing(env, dir);
            expect(first.current).to.equal(again.current);
            expect(first.current.length).to.be.greaterThan(20);
            expect(statSync(join(dir, 'data', SECRET_FILE)).mode & 0o777).to.equal(0o600);
            // Created whole: no temporary file is left beside it, and the folder is private.
            expect(readdirSync(join(dir, 'data'))).to.deep.equal([SECRET_FILE]);
            expect(statSync(join(dir, 'data')).mode & 0o777).to.equal(0o700);
        } finally {
            rmSync(dir, { recursive: true, force: true });
        }
    });

    it('an empty secret file (a start cut off while writing it) is refused at once, never used nor replaced', () => {
        const dir = mkdtempSync(join(tmpdir(), 'svc-ring-'));
        try {
            writeFileSync(join(dir, SECRET_FILE), '');
            expect(() => loadSecretRing({ SVC_DATA_DIR: dir }, '/')).to.throw(EmptySecretError, /is empty: .*delete it/);
            expect(readFileSync(join(dir, SECRET_FILE), 'utf8')).to.equal('');
        } finally {
            rmSync(dir, { recursive: true, force: true });
        }
    });
});
