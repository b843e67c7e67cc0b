import { Code, jobsFailed, jobsRetry } from '@forum/contracts';
import { AppError } from '../../platform/http/errors.js';
import type { Route } from '../../platform/http/router.js';
import type { Jobs } from '../../platform/jobs/index.js';

/** The admin's view of the job queue: failed jobs and a retry (both `admin`: -4002 for anyone else). */
export function registerJobsRoutes(route: Route, jobs: Jobs): void {
  const admin = { admin: true };
  route(jobsFailed, admin, async (input) => ({ list: await jobs.failed(input.limit) }));
  route(jobsRetry, admin, async (input) => {
    const r = await jobs.retry(input.name, input.id);
    if (r === 'not-failed')
      throw new AppError(Code.RESOURCE_NOT_FOUND, 'no failed job with this id (retried or removed already)');
    if (r === 'busy')
      throw new AppError(
        Code.RESOURCE_IN_USE,
        'a retry of this scheduled job is waiting already; try again when it has run',
      );
    return { retried: true };
  });
}
