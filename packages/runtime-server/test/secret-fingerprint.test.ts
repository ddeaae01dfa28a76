// A database restored without its session secret, or a fresh secret pointed at an old database
// (config/secret-fingerprint.ts): the start says so once, /metrics shows it, the secret itself is
// never stored; SQLite and a real PostgreSQL (test/support/pg-server.ts).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'chai';
import pg from 'pg';
import { secretRingOf } from '@svc/extraction';
import { SQLITE_FILE, openSqliteStore, type ServerConfig } from '../src/index.js';
import { SECRET_UNKNOWN_MESSAGE, SecretFingerprintCheck, secretFingerprint } from '../src/config/secret-fingerprint.js';
import { DependencyUnavailableError } from '../src/deps/dependency-errors.js';
import { RequestLog } from '../src/http/request-log.js';
import { MIGRATIONS, NewerSchemaError } from '../src/store/sqlite-schema.js';
import { eventually } from './support/cluster.js';
import { sharedPg } from './support/pg-server.js';
import { call, startTestServer } from './test-server.js';

const newSecret = (): string => `fp-test-${randomBytes(24).toString('hex')}`;

interface Start {
    warnings: Array<Record<string, unknown>>;
    metric: string | undefined;
}

/** Starts a server on `config` (SQLite in its dataDir, or PostgreSQL), reads its warnings and gauge, stops it. */
async function startOnce(config: Partial<ServerConfig>): Promise<Start> {
    const t = await startTestServer({ config: { metrics: true, ...config } });
    try {
        const metrics = await call(t, 'GET', '/metrics');
        return {
            warnings: t.logs.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.level === 'warn'),
            metric: metrics.text.split('\n').find((l) => l.startsWith('svc_session_secret_unknown ')),
        };
    } finally {
        await t.server.close();
    }
}

const quiet = (s: Start): void => {
    expect(s.warnings).to.deep.equal([]);
    expect(s.metric).to.equal('svc_session_secret_unknown 0');
};

const warned = (s: Start, source: string): void => {
    expect(s.warnings).to.have.length(1);
    expect(s.warnings[0]).to.include({ msg: SECRET_UNKNOWN_MESSAGE, secret: source });
    expect(SECRET_UNKNOWN_MESSAGE).to.contain('restore the session secret from the backup').and.contain('SVC_SESSION_SECRET (new,old)');
    expect(s.metric).to.equal('svc_session_secret_unknown 1');
};

describe('session secret fingerprints at start', () => {
    it('the fingerprint is an HMAC-SHA-256 of a fixed label, 16 bytes in hex, one per secret', () => {
        expect(secretFingerprint('s1')).to.match(/^[0-9a-f]{32}$/);
        expect(secretFingerprint('s1')).to.equal(secretFingerprint('s1'));
        expect(secretFingerprint('s1')).not.to.equal(secretFingerprint('s2'));
    });

    describe('on SQLite', () => {
        let dir: string;
        beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'svc-fp-'))));
        afterEach(() => rmSync(dir, { recursive: true, force: true }));

        const stored = (): string[] => {
            const db = new Database(join(dir, SQLITE_FILE), { readonly: true });
            try {
                return db.prepare('SELECT fingerprint FROM session_secret_fingerprints').pluck().all() as string[];
            } finally {
                db.close();
            }
        };

        it('fresh, same secret, another secret, rotation: warned only when no secret of the ring signed here before', async () => {
            const [a, b, c] = [newSecret(), newSecret(), newSecret()];
            quiet(await startOnce({ dataDir: dir, sessionSecrets: [a] }));
            expect(stored()).to.deep.equal([secretFingerprint(a)]);
            quiet(await startOnce({ dataDir: dir, sessionSecrets: [a] }));
            // A restore without the secret: warned, not refused, and the new secret is recorded.
            warned(await startOnce({ dataDir: dir, sessionSecrets: [b] }), 'SVC_SESSION_SECRET');
            expect(stored().sort()).to.deep.equal([secretFingerprint(a), secretFingerprint(b)].sort());
            quiet(await startOnce({ dataDir: dir, sessionSecrets: [b] }));
            // Rotation: the old secret after the new one verifies what was signed before.
            quiet(await startOnce({ dataDir: dir, sessionSecrets: [c, a] }));
            quiet(await startOnce({ dataDir: dir, sessionSecrets: [c] }));
            expect(stored()).to.have.length(3);
        });

        it("the data folder's secret: a fresh one (the file not restored) is warned about, naming the file", async () => {
            quiet(await startOnce({ dataDir: dir }));
            quiet(await startOnce({ dataDir: dir }));
            unlinkSync(join(dir, 'session-secret'));
            warned(await startOnce({ dataDir: dir }), join(dir, 'session-secret'));
        });

        it('the secret itself is never written: not in the database files, only its fingerprint', async () => {
            const secret = newSecret();
            const t = await startTestServer({ config: { dataDir: dir, sessionSecrets: [secret, newSecret()] } });
            try {
                // Read while the server runs, WAL included, and again once it has checkpointed and closed.
                for (const f of readdirSync(dir).filter((n) => n.startsWith(SQLITE_FILE)))
                    expect(readFileSync(join(dir, f)).includes(secret)).to.equal(false);
            } finally {
                await t.server.close();
            }
            const bytes = readFileSync(join(dir, SQLITE_FILE));
            expect(bytes.includes(secret)).to.equal(false);
            expect(bytes.includes(secretFingerprint(secret))).to.equal(true);
            expect(stored()).to.deep.equal([secretFingerprint(secret)]);
        });

        it('a database of the previous schema version gains the table and keeps its data; one newer than this svc is refused', async () => {
            const db = new Database(join(dir, SQLITE_FILE));
            for (const m of MIGRATIONS.slice(0, MIGRATIONS.length - 1)) db.exec(m);
            db.pragma(`user_version = ${MIGRATIONS.length - 1}`);
            db.prepare(
                "INSERT INTO accounts (id, email, credit_reads, created_at) VALUES ('acct_old', 'old@example.test', 5, '2025-01-01')",
            ).run();
            db.close();
            const store = openSqliteStore(dir);
            try {
                expect(await store.sessionSecretFingerprints()).to.deep.equal([]);
                expect((await store.getAccount('acct_old'))?.creditReads).to.equal(5);
            } finally {
                await store.close();
            }
            const again = new Database(join(dir, SQLITE_FILE));
            again.pragma(`user_version = ${MIGRATIONS.length + 1}`);
            again.close();
            expect(() => openSqliteStore(dir)).to.throw(NewerSchemaError, `newer than this svc's ${MIGRATIONS.length}`);
        });
    });

    describe('on PostgreSQL', () => {
        it('fresh, same, another secret, rotation, instances starting together; the secret never stored', async function () {
            const server = await sharedPg();
            if (!server) return this.skip();
            const databaseUrl = await server.createDatabase();
            const [a, b, c] = [newSecret(), newSecret(), newSecret()];
            const on = (sessionSecrets: string[]): Partial<ServerConfig> => ({ databaseUrl, sessionSecrets });
            // Two instances with one new secret on a fresh database: neither warned, one row.
            const together = await Promise.all([startOnce(on([a])), startOnce(on([a]))]);
            together.forEach(quiet);
            quiet(await startOnce(on([a])));
            warned(await startOnce(on([b])), 'SVC_SESSION_SECRET');
            quiet(await startOnce(on([c, b])));
            const db = new pg.Client({ connectionString: databaseUrl });
            await db.connect();
            try {
                const { rows } = await db.query<{ fingerprint: string }>('SELECT fingerprint FROM session_secret_fingerprints');
                expect(rows.map((r) => r.fingerprint).sort()).to.deep.equal([a, b, c].map(secretFingerprint).sort());
                const everything = await db.query('SELECT * FROM session_secret_fingerprints');
                for (const s of [a, b, c]) expect(JSON.stringify(everything.rows)).not.to.contain(s);
            } finally {
                await db.end();
            }
        });
    });

    it('a database out of reach at start is asked again until it answers; the check never throws', async () => {
        const [old, current] = [newSecret(), newSecret()];
        const lines: string[] = [];
        const fingerprints = new Set([secretFingerprint(old)]);
        let down = true;
        const store = {
            async sessionSecretFingerprints() {
                if (down) throw new DependencyUnavailableError('database', new Error('connection refused'));
                return [...fingerprints];
            },
            async addSessionSecretFingerprint(f: string) {
                fingerprints.add(f);
            },
        };
        const outcomes: boolean[] = [];
        const check = new SecretFingerprintCheck(store, secretRingOf([current]), new RequestLog((l) => lines.push(l)), {
            source: 'SVC_SESSION_SECRET',
            onOutcome: (unknown) => outcomes.push(unknown),
            retryMs: 20,
        });
        try {
            await check.start();
            expect(lines).to.deep.equal([]);
            expect(outcomes).to.deep.equal([]);
            down = false;
            await eventually('the check ran', async () => outcomes.length > 0, 2000);
            await new Promise((r) => setTimeout(r, 100));
            expect(outcomes).to.deep.equal([true]); // once, not at every interval after
            expect(lines.map((l) => (JSON.parse(l) as { msg: string }).msg)).to.deep.equal([SECRET_UNKNOWN_MESSAGE]);
            expect(fingerprints.has(secretFingerprint(current))).to.equal(true);
        } finally {
            check.stop();
        }
    });
});
