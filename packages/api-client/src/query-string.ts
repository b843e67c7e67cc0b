/** A value the query serializer understands. */
export type QueryValue =
  string | number | boolean | null | undefined | QueryValue[] | { [key: string]: QueryValue };

// Brackets stay literal (spec §7: arrays with indices, keys not encoded); values are still percent-encoded
// because an unencoded `&` or `#` in a value would silently split or cut the query.
function encodeValue(v: string | number | boolean): string {
  return encodeURIComponent(String(v));
}

function walk(prefix: string, value: QueryValue, out: string[]): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    value.forEach((item, i) => walk(`${prefix}[${i}]`, item, out));
    return;
  }
  if (typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) walk(`${prefix}[${k}]`, v, out);
    return;
  }
  out.push(`${prefix}=${encodeValue(value)}`);
}

/** Serializes params as `a=1&list[0]=x&filter[sort]=1` (indices for arrays, brackets for objects). */
export function toQueryString(params: Record<string, QueryValue>): string {
  const out: string[] = [];
  for (const [k, v] of Object.entries(params)) walk(k, v, out);
  return out.join('&');
}
