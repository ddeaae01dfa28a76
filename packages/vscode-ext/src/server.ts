// Entry of the server bundle (dist/server.cjs). The polyfill comes first: langium and chevrotain
// call Object.groupBy, which Node 20 (VS Code's Electron may be older still) does not have.
import 'core-js/actual/object/group-by.js';
import { startServer } from '@svc/lsp';

startServer(process.argv.slice(2));
