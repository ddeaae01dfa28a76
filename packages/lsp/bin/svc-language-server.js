#!/usr/bin/env node
// The svc language server (`svc-language-server --stdio`). The polyfill must load before langium.
import '@svc/language/polyfill';
import { startServer } from '../dist/src/server-main.js';

startServer(process.argv.slice(2));
