export * from './engine-types.js';
