// The dependency-injection module and the initialize handshake's choices, without a process.
import { expect } from 'chai';
import { inject, type Module } from 'langium';
import type { Connection } from 'vscode-languageserver';
import { createSvcLspServices, negotiateEncoding } from '../src/index.js';
import { CompletionProvider } from '../src/features/completion-provider.js';

describe('services module', () => {
    const connection = {} as Connection;

    it('creates each service once, on first use, with its dependencies', () => {
        const s = createSvcLspServices(connection);
        expect(s.features.rename).to.equal(s.features.rename);
        expect(s.diagnostics.publisher).to.equal(s.diagnostics.publisher);
        expect(s.documents.store).to.not.equal(undefined);
    });

    it('lets a partial module replace one service and keep the others of its group', () => {
        class Quiet extends CompletionProvider {}
        const s = createSvcLspServices(
            connection,
            {},
            { features: { completion: (x) => new Quiet(x.documents.analyzer, x.text.encoder) } },
        );
        expect(s.features.completion).to.be.instanceOf(Quiet);
        expect(s.features.hover).to.not.equal(undefined);
    });

    it("is Langium's inject, which reports a dependency cycle instead of overflowing", () => {
        interface C {
            a: { x: number };
            b: { y: number };
        }
        const m: Module<C> = { a: (c) => ({ x: c.b.y }), b: (c) => ({ y: c.a.x }) };
        expect(() => inject(m).a).to.throw(/Cycle detected/);
    });
});

describe('position encoding negotiation', () => {
    it("takes the client's first supported encoding, UTF-16 when none is offered", () => {
        expect(negotiateEncoding({ capabilities: { general: { positionEncodings: ['utf-8', 'utf-16'] } } })).to.deep.equal({
            encoding: 'utf-8',
            via: 'positionEncodings',
        });
        expect(negotiateEncoding({ capabilities: { general: { positionEncodings: ['utf-64', 'utf-32'] } } })).to.deep.equal({
            encoding: 'utf-32',
            via: 'positionEncodings',
        });
        expect(negotiateEncoding({ capabilities: {} })).to.deep.equal({ encoding: 'utf-16', via: 'default' });
    });

    it("understands clangd's offsetEncoding, which older Neovim clients send", () => {
        expect(negotiateEncoding({ capabilities: { offsetEncoding: ['utf-8'] } as never })).to.deep.equal({
            encoding: 'utf-8',
            via: 'offsetEncoding',
        });
    });
});
