// `svc serve` in a child process for shutdown-process.test.ts: runServer on this process's
// environment (its log lines on stdout, the first of them "listening" with the URL), ending as the
// serve command does once the server has stopped: exit 0, or 1 from server-main.ts's 10 s bound.
import '@svc/language/polyfill';
import { runServer } from '../src/index.js';

const server = await runServer(process.env, process.cwd());
await server.done;
setTimeout(() => process.exit(0), 1_000).unref();
