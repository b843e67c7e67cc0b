/** The one job queue for background work (pg-boss on the forum's PostgreSQL); see jobs.ts. */
export {
  Jobs,
  type FailedJob,
  type JobHandler,
  type JobInfo,
  type JobSchedule,
  type JobsConfig,
  type SendOptions,
  type WorkOptions,
} from './jobs.js';
export { installJobsSchema, JOBS_SCHEMA } from './schema.js';
