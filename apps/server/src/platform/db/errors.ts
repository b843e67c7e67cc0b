/** The SQLSTATE of a database error; drizzle wraps driver errors, so look at the cause too. */
export function sqlState(err: unknown): string | undefined {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 4;
    e = e.cause as typeof e, i++
  ) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** True for a unique-constraint violation (two writers raced for one key). */
export function isUniqueViolation(err: unknown): boolean {
  return sqlState(err) === '23505';
}
