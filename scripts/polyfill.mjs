// langium 4 and chevrotain call Object.groupBy (Node 22+); Node 20 needs it polyfilled first.
import 'core-js/actual/object/group-by.js';
