/** Server settings passed as `-c name=value`; a value of `null` removes a default. */
export type PostgresSettings = Record<string, string | number | null>;

/** Connections one forum process's pool may open (node-postgres `max`). */
export const POOL_SIZE = 20;

/**
 * The embedded server serves one small site next to the forum on the same machine: little memory,
 * no network exposure, no parallel query or replication machinery.
 */
export const SMALL_SITE_SETTINGS: PostgresSettings = {
  listen_addresses: '127.0.0.1',
  // No socket file: /tmp is shared with any other PostgreSQL on the machine, and TCP on loopback suffices.
  unix_socket_directories: '',
  // The server's pool, a CLI command beside it (migrate, admin:create) and a psql session.
  max_connections: 2 * POOL_SIZE + 5,
  superuser_reserved_connections: 2,
  shared_buffers: '32MB',
  effective_cache_size: '256MB',
  work_mem: '4MB',
  maintenance_work_mem: '32MB',
  min_wal_size: '32MB',
  max_wal_size: '256MB',
  // Processes we do not need: I/O workers (PostgreSQL 18), parallel workers, the replication launcher.
  io_method: 'sync',
  max_worker_processes: 2,
  max_parallel_workers: 0,
  max_parallel_workers_per_gather: 0,
  max_parallel_maintenance_workers: 0,
  max_logical_replication_workers: 0,
  max_sync_workers_per_subscription: 0,
  max_wal_senders: 0,
  wal_level: 'minimal',
  autovacuum_max_workers: 1,
  // JIT compiles for seconds on queries that run in milliseconds here.
  jit: 'off',
  huge_pages: 'off',
  log_min_messages: 'warning',
  log_checkpoints: 'off',
  log_timezone: 'UTC',
  timezone: 'UTC',
};

/**
 * The test run's server: throwaway data, so no fsync, and room for several test files with their pools
 * (each file gets a database of its own on this one server).
 */
export const TEST_SETTINGS: PostgresSettings = {
  ...SMALL_SITE_SETTINGS,
  max_connections: 300,
  shared_buffers: '64MB',
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
};

/** The command-line flags for `settings`. */
export function settingFlags(settings: PostgresSettings): string[] {
  return Object.entries(settings)
    .filter(([, v]) => v !== null)
    .flatMap(([k, v]) => ['-c', `${k}=${v}`]);
}
