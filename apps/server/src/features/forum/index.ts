/** Forum feature: the site settings reply and the site-closed guard. */
export { ForumService, type SiteCounter } from './forum.service.js';
export { registerForumRoutes } from './forum.routes.js';
