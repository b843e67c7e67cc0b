/** Runs background jobs so their runs and failures are counted (a no-op recorder without metrics). */
export interface JobRecorder {
  run<T>(job: string, fn: () => Promise<T>): Promise<T>;
}

/** The recorder when metrics are off: the job just runs. */
export const untrackedJobs: JobRecorder = { run: (_job, fn) => fn() };
