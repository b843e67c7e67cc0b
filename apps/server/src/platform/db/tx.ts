import type { Db, Tx } from './db.js';

/** Runs fn in one transaction: every multi-row write goes through here so nothing is half-written. */
export function inTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx as unknown as Tx));
}
