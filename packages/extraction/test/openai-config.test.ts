// The openai reader's configuration is checked where it is read, so a bad value stops the server at
// start instead of failing every extraction.
import { expect } from 'chai';
import { EngineConfigError, MAX_OPENAI_TIMEOUT_MS, engineConfigFromEnv } from '../src/engine-module.js';
import { secretRingOf } from '../src/session/secret-ring.js';

const env = (timeout?: string): NodeJS.ProcessEnv => ({
    SVC_READER: 'openai',
    SVC_OPENAI_MODEL: 'm',
    ...(timeout === undefined ? {} : { SVC_OPENAI_TIMEOUT_MS: timeout }),
});
const timeoutOf = (timeout?: string): number | undefined => engineConfigFromEnv(env(timeout), '/', secretRingOf(['s'])).openai?.timeoutMs;

describe('openai configuration', () => {
    it('takes SVC_OPENAI_TIMEOUT_MS from 1 to 2^31 - 1 ms (default 60 s)', () => {
        expect(timeoutOf()).to.equal(60_000);
        expect(timeoutOf('1')).to.equal(1);
        expect(timeoutOf('2147483647')).to.equal(MAX_OPENAI_TIMEOUT_MS);
        expect(MAX_OPENAI_TIMEOUT_MS).to.equal(2 ** 31 - 1);
    });

    it("refuses at start a timeout Node's timers cannot keep, and any that is not a whole number of ms", () => {
        // 2^31 fires after 1 ms (every reading would time out), 2^32 and more throw in AbortSignal.timeout.
        for (const bad of ['2147483648', '3000000000', '5000000000', '1e300', '0', '-1', '1.5', 'abc', 'Infinity']) {
            expect(() => timeoutOf(bad), bad).to.throw(
                EngineConfigError,
                `SVC_OPENAI_TIMEOUT_MS must be a whole number of milliseconds from 1 to 2147483647, not "${bad}"`,
            );
        }
    });
});
