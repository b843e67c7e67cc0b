/** Reports feature: users report profiles, threads and replies for moderators. */
export { reports } from './reports.table.js';
export { registerReportsRoutes, type ReportsDeps } from './reports.routes.js';
