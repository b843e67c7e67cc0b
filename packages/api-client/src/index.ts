/** The typed API client: one dispatcher, contract validation before sending, failures as envelopes. */
export * from './dispatcher.js';
export * from './query-string.js';
export * from './validate.js';
