import type { CallContract, CallInput, CallOutput } from '@forum/contracts';
import type * as contracts from '@forum/contracts';
import { getBrowserApi, type CallName } from '../../app/api.ts';
import type * as runModule from './thread-call-run.ts';
import type { CaptchaAnswer } from './thread-call-run.ts';

// Pages call `act` from click handlers only, so its code (and the code catalogue it reads, about 1.5 KB gzip)
// loads on the first action, not with the page: every thread page's first load is that much lighter.

type Contracts = typeof contracts;
type Run = typeof runModule;
// The dispatcher (which brings the contracts) loads side by side with this code, so the first action waits for
// the larger of the two, as before, not for one after the other.
const run = () => Promise.all([import('./thread-call-run.ts'), getBrowserApi()]).then(([m]) => m);

export type { CaptchaAnswer } from './thread-call-run.ts';

/** Runs one API call from an event handler: failures become a toast (or a trip to login) and `null`. */
export async function act<N extends CallName>(
  call: N,
  input: CallInput<Contracts[N]>,
): Promise<CallOutput<Contracts[N]> | null>;
export async function act<C extends CallContract>(
  contract: C,
  input: CallInput<C>,
): Promise<CallOutput<C> | null>;
export async function act(...args: Parameters<Run['act']>): Promise<unknown> {
  return (await run()).act(...args);
}

/**
 * `act` for thread and reply writes: when the server asks for a captcha (or `upfront` says the group must
 * pass one) it calls `ask` for an answer and resends; `ask` resolving null means the author gave up.
 */
export async function actWithCaptcha<N extends CallName>(
  call: N,
  input: CallInput<Contracts[N]>,
  ask: (retry: boolean) => Promise<CaptchaAnswer | null>,
  upfront?: boolean,
): Promise<CallOutput<Contracts[N]> | null>;
export async function actWithCaptcha<C extends CallContract>(
  contract: C,
  input: CallInput<C>,
  ask: (retry: boolean) => Promise<CaptchaAnswer | null>,
  upfront?: boolean,
): Promise<CallOutput<C> | null>;
export async function actWithCaptcha(...args: Parameters<Run['actWithCaptcha']>): Promise<unknown> {
  return (await run()).actWithCaptcha(...args);
}
