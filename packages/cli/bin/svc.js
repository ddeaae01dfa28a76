#!/usr/bin/env node
// The svc command line. The polyfill must load before anything imports langium (Node 20).
import '@svc/language/polyfill';
import { main } from '../dist/src/cli-main.js';

// A reader that went away (`svc check *.svc.json | head -1`): stop quietly, as a program that
// SIGPIPE ends does (status 141), not with a stack trace; any other write error is one line.
for (const stream of [process.stdout, process.stderr])
    stream.on('error', (err) => {
        if (err.code !== 'EPIPE') process.stderr.write(`svc: cannot write output: ${err.message}\n`);
        process.exit(err.code === 'EPIPE' ? 141 : 2);
    });

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
