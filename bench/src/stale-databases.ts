/** Databases the bench makes on a DATABASE_URL server: this prefix, then the time they were made (ms). */
export const BENCH_DB_PREFIX = 'forum_bench_';

/**
 * A target's database lives for the target's run (under half an hour) and is dropped at its end; one older
 * than this was left by a run that was killed or crashed, and only fills the server's disk.
 */
export const STALE_AFTER_MS = 3 * 60 * 60 * 1000;

/** A bench database's name, with its time of making. */
const BENCH_DB_NAME = new RegExp(`^${BENCH_DB_PREFIX}(\\d{13})$`);

/** Of the server's databases, the bench's own left by runs that did not finish (a running one is younger). */
export function staleBenchDatabases(names: readonly string[], now: number): string[] {
  return names.filter((name) => {
    const m = BENCH_DB_NAME.exec(name);
    return m !== null && now - Number(m[1]) > STALE_AFTER_MS;
  });
}
