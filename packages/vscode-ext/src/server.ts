// Entry of the server bundle (dist/server.cjs). The polyfill comes first: langium and chevrotain
// call Object.groupBy, which Node 20 (VS Code's Electron may be older still) does not have.
import 'core-js/actual/object/group-by.js';
import { isMainThread } from 'node:worker_threads';
import { startServer } from '@svc/lsp';

// This bundle is also the language server's compile worker and feature worker (one file to ship):
// started as either, the import above has already begun serving it.
if (isMainThread) startServer(process.argv.slice(2), { compileWorker: __filename, featureWorker: __filename });
