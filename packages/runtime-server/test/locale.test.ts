// The request schemas and the OpenAPI document take their languages from the locale profiles: a
// language registered by an embedder (a toy one here) is accepted and described without an edit.
import { expect } from 'chai';
import { languages, localeOf, registerLocale, unregisterLocale } from '@svc/extraction';
import { buildOpenApiDocument } from '../src/index.js';
import { BodyValidator } from '../src/validation/body-validator.js';

describe('document languages', () => {
    const body = (language: string) => ({ document: 'Total: 12.50', schema: {}, language });
    // The registry is process-wide: later suites must see only the built-in languages again.
    after(() => {
        expect(unregisterLocale('tq')).to.equal(true);
        expect(unregisterLocale('en')).to.equal(false);
        expect(languages()).to.deep.equal(['en', 'nl']);
    });

    it('are the built-in profiles: en and nl accepted, others refused', () => {
        const v = new BodyValidator();
        expect(v.check('extraction', body('en'))).to.deep.equal([]);
        expect(v.check('extraction', body('nl'))).to.deep.equal([]);
        expect(v.check('extraction', body('tq'))).to.not.deep.equal([]);
    });

    it('a registered profile is accepted by validation and listed by the OpenAPI document', () => {
        registerLocale({ ...localeOf('en'), code: 'tq', name: 'Toy' });
        expect(languages()).to.include('tq');
        expect(new BodyValidator().check('extraction', body('tq'))).to.deep.equal([]);
        const doc = buildOpenApiDocument() as any;
        expect(doc.components.schemas.ExtractionRequest.properties.language.enum).to.deep.equal(languages());
        expect(JSON.stringify(doc)).to.include('"enum":["en","nl","tq"]');
    });
});
