import type { Route } from '../../platform/http/router.js';
import type { Jobs } from '../../platform/jobs/index.js';
import { registerJobsRoutes } from './jobs.routes.js';

/** The job queue in the admin (the queue itself is platform/jobs): failed jobs and their retry. */
export function mountJobsAdmin(ctx: { route: Route; jobs: Jobs }): void {
  registerJobsRoutes(ctx.route, ctx.jobs);
}
