// GET /openapi.json: a valid OpenAPI 3.1 document built from the same schemas ajv validates with.
import { Validator } from '@seriousme/openapi-schema-validator';
import { expect } from 'chai';
import { BODY_SCHEMAS, buildOpenApiDocument } from '../src/index.js';
import { call, startTestServer } from './test-server.js';

describe('GET /openapi.json', () => {
    it('is served without a key and is a valid OpenAPI 3.1 document', async () => {
        const t = await startTestServer();
        try {
            const r = await call(t, 'GET', '/openapi.json');
            expect(r.status).to.equal(200);
            expect(r.headers.get('content-type')).to.match(/^application\/json/);
            const result = await new Validator().validate(r.json);
            expect(result.errors, JSON.stringify(result.errors)).to.equal(undefined);
            expect(result.valid).to.equal(true);
            expect(r.json.openapi).to.equal('3.1.0');
        } finally {
            await t.stop();
        }
    });

    it('describes the three endpoints, their errors and both security schemes', () => {
        const doc = buildOpenApiDocument() as any;
        for (const p of ['/v1/schemas/validate', '/v1/extractions', '/v1/extractions/edit']) {
            const op = doc.paths[p].post;
            expect(op.security).to.deep.equal([{ bearerAuth: [] }, { apiKeyHeader: [] }]);
            for (const status of ['200', '400', '401', '429', '500']) expect(op.responses, `${p} ${status}`).to.have.property(status);
            expect(op.responses['429'].headers).to.have.property('Retry-After');
        }
        expect(doc.paths['/v1/extractions'].post.responses).to.include.keys('402', '502', '503');
        expect(doc.components.securitySchemes.bearerAuth).to.include({ type: 'http', scheme: 'bearer' });
        expect(doc.components.securitySchemes.apiKeyHeader).to.include({ type: 'apiKey', in: 'header', name: 'x-api-key' });
    });

    it('request bodies are the validation schemas, the document limit rendered as minLength/maxLength', () => {
        const doc = buildOpenApiDocument() as any;
        const body = doc.components.schemas.ExtractionRequest;
        expect(body.properties.document).to.include({ minLength: 1, maxLength: 50000 });
        expect(body.properties.document).not.to.have.property('x-trimmed-length');
        expect(body.required).to.deep.equal((BODY_SCHEMAS.extraction as any).required);
        expect(doc.components.schemas.EditRequest.properties.edit.oneOf).to.have.length(4);
    });
});
