/** Paid groups (reference §1.10): the list members renew or upgrade from; buying one is the orders' part. */
export { registerUpgradeGroupRoutes } from './paid-groups.routes.js';
