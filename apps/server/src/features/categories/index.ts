/** Categories feature (filled in by the threads issue). */
export { categories } from './categories.table.js';
