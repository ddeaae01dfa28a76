// The panel's assets: content-hashed, cached for a year, and sent brotli- or gzip-compressed to a
// browser that accepts it, from files compressed once when the bundle is built (no work per request).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect } from 'chai';
import { ASSET_DIR } from '../src/panel/panel-plugin.js';
import { startTestServer, type TestServer } from './test-server.js';

describe('panel assets', () => {
    let t: TestServer;
    before(async () => {
        t = await startTestServer();
    });
    after(async () => {
        await t.stop();
    });
    const manifest = JSON.parse(readFileSync(join(ASSET_DIR, 'manifest.json'), 'utf8')) as { script: string; style: string };
    const get = (name: string, encoding?: string) =>
        t.server.app.inject({ method: 'GET', url: `/panel/assets/${name}`, headers: encoding ? { 'accept-encoding': encoding } : {} });

    for (const kind of ['script', 'style'] as const) {
        it(`the ${kind} is sent as brotli, gzip or as it is, whichever the browser accepts, and cached for a year`, async () => {
            const name = manifest[kind];
            const raw = readFileSync(join(ASSET_DIR, name));
            const plain = await get(name);
            expect(plain.statusCode).to.equal(200);
            expect(plain.headers['content-encoding']).to.equal(undefined);
            expect(plain.rawPayload.equals(raw)).to.equal(true);
            const br = await get(name, 'gzip, deflate, br');
            expect(br.headers['content-encoding']).to.equal('br');
            expect(brotliDecompressSync(br.rawPayload).equals(raw)).to.equal(true);
            expect(br.rawPayload.length).to.be.below(raw.length / 3);
            const gz = await get(name, 'gzip');
            expect(gz.headers['content-encoding']).to.equal('gzip');
            expect(gunzipSync(gz.rawPayload).equals(raw)).to.equal(true);
            for (const r of [plain, br, gz]) {
                expect(String(r.headers.vary)).to.match(/accept-encoding/i);
                expect(r.headers['cache-control']).to.include('immutable').and.include('max-age=31536000');
                expect(r.headers['content-type']).to.match(kind === 'script' ? /javascript/ : /text\/css/);
            }
        });
    }
});
