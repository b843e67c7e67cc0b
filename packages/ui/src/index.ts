/** Presentational components shared by the site, the admin area and plugins. */
export * from './variant.js';
export * from './badge.js';
export * from './button.js';
export * from './avatar.js';
export * from './input.js';
export * from './text-area.js';
export * from './text-field.js';
export * from './toast-store.js';
export * from './toast.js';
export * from './dropdown.js';
export * from './format.js';
