/** One measured request shape. Later issues append theirs (thread list, thread page, reply creation...). */
export interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** Send the logged-in user's token. */
  auth?: boolean;
  /** Body for writes; gets a per-request counter so each write is distinct. */
  body?: (n: number) => unknown;
}

/** The scenarios measured against the forum server. */
export const SCENARIOS: Scenario[] = [
  { name: 'GET /api/v3/forum (guest)', method: 'GET', path: '/api/v3/forum' },
  { name: 'GET /api/v3/forum (logged in)', method: 'GET', path: '/api/v3/forum', auth: true },
];
