/** Feeds feature: sitemap.xml, rss.xml and robots.txt for search engines and readers. */
export { registerFeedsRoutes } from './feeds.routes.js';
