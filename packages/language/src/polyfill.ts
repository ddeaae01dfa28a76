// langium 4 and chevrotain call Object.groupBy, which Node only has from 22 on. Importing this module
// first (every entry point does, through this package's index) makes Node 20 work.
import 'core-js/actual/object/group-by.js';
