/** Private messages feature (reference §1.7). */
export { dialogs, dialogMessages } from './dialogs.table.js';
