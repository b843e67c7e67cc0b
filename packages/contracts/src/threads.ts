/**
 * Thread calls, split by concern so each file stays small; this barrel keeps `export * from './threads.js'`
 * in the package index working unchanged.
 */
export * from './threads-item.js';
export * from './threads-read.js';
export * from './threads-write.js';
export * from './threads-toms.js';
