/** Categories feature: the two-level tree, per-category permissions and moderators. */
export { categories } from './categories.table.js';
export { CategoriesService } from './categories.service.js';
export { registerCategoriesRoutes } from './categories.routes.js';
export { bumpCategoryThreads, type CategoryRow } from './categories.repository.js';
