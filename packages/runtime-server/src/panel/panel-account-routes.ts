// Sign-up, sign-in and sign-out (docs/panel.md). An unknown email and a wrong password get the same
// message and take the same time (a dummy hash is checked). An account has at most 10 failures in
// 15 minutes: browsers that never signed in to it may spend 5 of them, then get 429 with
// Retry-After whatever the password; a browser that has (panel-device.ts) may go on to 10, so a
// stranger's guesses cannot lock the owner out. Hashes go through the instance's PasswordGate: when
// it is full, or the client's IP holds its share of it, the answer is 429 at once, for known and
// unknown emails alike.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AccountExistsError } from '../store/store-types.js';
import { KeyRequestError, createAccount, isEmailAddress } from '../auth/key-service.js';
import { ApiError } from '../http/api-errors.js';
import { csrfToken, sendPage, type PanelContext } from './panel-context.js';
import { DEVICE_COOKIE, isKnownDevice, rememberDevice } from './panel-device.js';
import { csrfField, html } from './panel-html.js';
import { MAX_PASSWORD_LENGTH, hashPassword, passwordLength, passwordProblem, verifyPassword } from './panel-password.js';
import { PasswordsBusyError } from './password-gate.js';

export const FAILURE_WINDOW_MS = 15 * 60_000;
/** Failures an account may have in the window: the specification's 10. */
export const MAX_FAILURES = 10;
/** Of those, what browsers that never signed in to the account may spend. */
export const STRANGER_FAILURES = 5;
export const SIGN_IN_FAILED = 'Wrong email or password.';
const ACCOUNT_EXISTS = 'An account with this email exists; sign in instead.';
const INVALID_EMAIL = 'Enter a valid email address.';

type Form = Record<string, string | undefined> | undefined;

function tooManyFailures(): ApiError {
    const message = 'Too many failed sign-ins; retry in 15 minutes, or from a browser that has signed in to this account before.';
    return new ApiError(429, 'rate_limited', message, undefined, { 'retry-after': String(FAILURE_WINDOW_MS / 1000) });
}

type Login = { account: { id: string }; passwordHash: string | null };

/**
 * Records a sign-in attempt on a known account as a failure before its password is checked, or
 * throws the 429. The count is read after the attempt is recorded, so attempts sent at once each see
 * the others (checked first and recorded after, 60 parallel guesses all passed a limit of 10); one
 * that finds the count past its limit forgets its own attempt (it guessed nothing), so a burst of
 * refused guesses leaves no more failures behind than were checked.
 */
async function recordAttempt(ctx: PanelContext, request: FastifyRequest, login: Login, now: number, at: string): Promise<void> {
    const { store, services } = ctx;
    const id = login.account.id;
    const known =
        login.passwordHash !== null && isKnownDevice(request.cookies[DEVICE_COOKIE], id, login.passwordHash, services.secrets.all, now);
    const limit = known ? MAX_FAILURES : STRANGER_FAILURES;
    const since = new Date(now - FAILURE_WINDOW_MS).toISOString();
    if ((await store.countLoginFailures(id, since)) >= limit) throw tooManyFailures();
    await store.recordLoginFailure(id, at);
    if ((await store.countLoginFailures(id, since)) > limit) {
        await store.forgetLoginFailure(id, at);
        throw tooManyFailures();
    }
}

function credentials(body: unknown): { email: string; password: string } {
    const form = (typeof body === 'object' && body !== null ? body : {}) as Form;
    const email = typeof form?.email === 'string' ? form.email.trim() : '';
    const password = typeof form?.password === 'string' ? form.password : '';
    return { email, password };
}

function credentialForm(kind: 'in' | 'up', csrf: string, email: string, message?: string) {
    const action = kind === 'in' ? 'Sign in' : 'Sign up';
    const other =
        kind === 'in'
            ? html`<p>No account yet? <a href="/panel/sign-up">Sign up</a></p>`
            : html`<p>Have an account? <a href="/panel/sign-in">Sign in</a></p>`;
    return html`<form method="post" action="/panel/sign-${kind}" class="card narrow">
${csrfField(csrf)}
${message ? html`<p role="alert" class="error" id="form-error">${message}</p>` : ''}
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${email}"${message ? html` aria-describedby="form-error"` : ''}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="${kind === 'in' ? 'current-password' : 'new-password'}" required${kind === 'up' ? html` minlength="12" aria-describedby="pw-hint"` : ''}>
${kind === 'up' ? html`<p class="hint" id="pw-hint">At least 12 characters.</p>` : ''}
<button type="submit">${action}</button>
</form>
${other}`;
}

export function registerAccountRoutes(panel: FastifyInstance, ctx: PanelContext): void {
    const { store, services } = ctx;
    const form = (reply: FastifyReply, status: number, kind: 'in' | 'up', email = '', message?: string): FastifyReply => {
        const csrf = csrfToken(reply);
        email = email.replace(/\p{Cc}/gu, ''); // echoed in the form: no NUL or other control in the page
        return sendPage(
            reply,
            status,
            { title: kind === 'in' ? 'Sign in' : 'Sign up', body: credentialForm(kind, csrf, email, message) },
            ctx,
        );
    };

    panel.get('/', async (request, reply) => reply.redirect(request.panelAccountId === null ? '/panel/sign-in' : '/panel/keys', 303));
    panel.get('/sign-in', async (_request, reply) => form(reply, 200, 'in'));
    panel.get('/sign-up', async (_request, reply) => form(reply, 200, 'up'));

    panel.post('/sign-up', async (request, reply) => {
        const { email, password } = credentials(request.body);
        const problem = passwordProblem(password);
        if (problem) return form(reply, 400, 'up', email, problem);
        // Before any query (PostgreSQL refuses a NUL with an error) and before the sign-up is counted.
        if (email && !isEmailAddress(email)) return form(reply, 400, 'up', email, INVALID_EMAIL);
        // Counted only for an email that has no account yet: a 409 spends nothing of the IP's hour.
        if (email && (await store.findLogin(email))) return form(reply, 409, 'up', email, ACCOUNT_EXISTS);
        await services.limiter.checkSignUp(request.ip);
        let accountId: string;
        let hash: string;
        try {
            // The account and its password in one statement: a failure between two steps left an
            // account without a password that could neither sign in nor sign up again.
            hash = await services.passwords.run(() => hashPassword(password), request.ip);
            accountId = (await createAccount(store, email, services.config.freeCreditReads, hash)).id;
        } catch (e) {
            if (e instanceof KeyRequestError) return form(reply, 400, 'up', email, INVALID_EMAIL);
            if (e instanceof AccountExistsError) return form(reply, 409, 'up', email, ACCOUNT_EXISTS);
            throw e;
        }
        await ctx.sessions.start(request, reply, accountId);
        rememberDevice(request, reply, accountId, hash, services.secrets.current, services.now());
        return reply.redirect('/panel/keys', 303);
    });

    panel.post('/sign-in', async (request, reply) => {
        const { email, password } = credentials(request.body);
        // No account has a control character in its email (isEmailAddress): refused before any query.
        if (/\p{Cc}/u.test(email)) return form(reply, 400, 'in', email, INVALID_EMAIL);
        // Longer than any password can be: no account's, so not looked up (and no failure of anyone's).
        const tooLong = passwordLength(password) > MAX_PASSWORD_LENGTH;
        const login = email && !tooLong ? await store.findLogin(email) : undefined;
        const now = services.now();
        const attemptAt = new Date(now).toISOString();
        if (login) await recordAttempt(ctx, request, login, now, attemptAt);
        let ok: boolean;
        try {
            // One too long for any account is checked against the dummy hash, cut so it costs what any other does.
            const checked = tooLong ? password.slice(0, MAX_PASSWORD_LENGTH) : password;
            ok = await services.passwords.run(() => verifyPassword(checked, login?.passwordHash ?? null), request.ip);
        } catch (e) {
            // Refused unchecked: the attempt guessed nothing, so it is no failure of the account.
            if (e instanceof PasswordsBusyError && login) await store.forgetLoginFailure(login.account.id, attemptAt);
            throw e;
        }
        if (!login || !ok) return form(reply, 401, 'in', email, SIGN_IN_FAILED);
        // The right password forgets its own attempt only: clearing every failure gave a guesser 10
        // more tries each time the owner signed in.
        await store.forgetLoginFailure(login.account.id, attemptAt);
        await ctx.sessions.start(request, reply, login.account.id);
        rememberDevice(request, reply, login.account.id, login.passwordHash!, services.secrets.current, now);
        return reply.redirect('/panel/keys', 303);
    });

    panel.post('/sign-out', async (request, reply) => {
        await ctx.sessions.end(request, reply);
        return reply.redirect('/panel/sign-in', 303);
    });
}
