/** The driver's error inside a database error; drizzle wraps driver errors, so look at the cause too. */
function driverError(err: unknown): { code: string; constraint?: unknown } | undefined {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 4;
    e = e.cause as typeof e, i++
  ) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e as { code: string };
  }
  return undefined;
}

/** The SQLSTATE of a database error. */
export function sqlState(err: unknown): string | undefined {
  return driverError(err)?.code;
}

/** The constraint a database error names (a check or unique violation), if any. */
export function constraintOf(err: unknown): string | undefined {
  const c = driverError(err)?.constraint;
  return typeof c === 'string' ? c : undefined;
}

/** True for a unique-constraint violation (two writers raced for one key). */
export function isUniqueViolation(err: unknown): boolean {
  return sqlState(err) === '23505';
}
