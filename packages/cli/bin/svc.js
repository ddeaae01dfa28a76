#!/usr/bin/env node
// The svc command line. The polyfill must load before anything imports langium (Node 20).
import '@svc/language/polyfill';
import { main } from '../dist/src/cli-main.js';

main(process.argv.slice(2)).then(
    (code) => {
        process.exitCode = code;
    },
    // main answers every error itself; this is the last guard, still without a stack trace.
    (err) => {
        process.stderr.write(`svc: ${err instanceof Error ? err.message : String(err)}\n`);
        process.exitCode = 2;
    },
);
