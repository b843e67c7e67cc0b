import type { CallContract, CallInput, CallOutput } from '@forum/contracts';
import type * as contracts from '@forum/contracts';
import { Code } from '@forum/contracts/constants';
import { toast } from '@forum/ui';
import { contractNamed, getBrowserApi, type CallName } from '../../app/api.ts';
import { rememberReturn } from '../../app/login-return.ts';
import { safeSessionStorage } from '../../app/storage.ts';

type Contracts = typeof contracts;

/** A contract, or its name (the thread page names its calls so its first load carries no zod). */
async function contractOf(call: CallContract | CallName): Promise<CallContract> {
  return typeof call === 'string' ? ((await contractNamed(call)) as CallContract) : call;
}

/** Runs one API call from an event handler: failures become a toast (or a trip to login) and `null`. */
export async function act<N extends CallName>(
  call: N,
  input: CallInput<Contracts[N]>,
): Promise<CallOutput<Contracts[N]> | null>;
export async function act<C extends CallContract>(
  contract: C,
  input: CallInput<C>,
): Promise<CallOutput<C> | null>;
export async function act(call: CallContract | CallName, input: unknown): Promise<unknown> {
  const [api, contract] = await Promise.all([getBrowserApi(), contractOf(call)]);
  return settle(await api.call(contract, input as never));
}

/** The fields a write carries when its author's group must pass a captcha. */
export interface CaptchaAnswer {
  captchaTicket: string;
  captchaRandStr: string;
}

/** True when the server refused a write for a missing or wrong captcha answer (-4001 with `{captcha: true}`). */
export function needsCaptcha(res: { Code: number; Data: unknown }): boolean {
  return (
    res.Code === Code.INVALID_PARAMETER &&
    typeof res.Data === 'object' &&
    res.Data !== null &&
    (res.Data as { captcha?: unknown }).captcha === true
  );
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
export async function actWithCaptcha(
  call: CallContract | CallName,
  input: unknown,
  ask: (retry: boolean) => Promise<CaptchaAnswer | null>,
  upfront = false,
): Promise<unknown> {
  const [api, contract] = await Promise.all([getBrowserApi(), contractOf(call)]);
  let answer = upfront ? await ask(false) : null;
  if (upfront && !answer) return null;
  // A few wrong answers get a new question each; after that the server's message is shown as usual.
  for (let tries = 0; ; tries++) {
    const res = await api.call(contract, { ...(input as object), ...answer } as never);
    if (!needsCaptcha(res) || tries >= 3) return settle(res);
    answer = await ask(tries > 0 || upfront);
    if (!answer) return null;
  }
}

function settle<T>(res: { Code: number; Message: string; Data: T | null }): T | null {
  if (res.Code === 0 && res.Data != null) return res.Data;
  if (res.Code === Code.JUMP_TO_LOGIN) {
    rememberReturn(window.location.pathname + window.location.search, safeSessionStorage());
    window.location.assign('/user/login');
    return null;
  }
  // Groups that must bind a phone before posting (reference §2.2 -8001): bind, then come back here.
  if (res.Code === Code.NEED_BIND_PHONE) {
    rememberReturn(window.location.pathname + window.location.search, safeSessionStorage());
    window.location.assign('/user/bind-phone');
    return null;
  }
  // Groups that must bind WeChat first (-8000): scan the binding QR, then come back here.
  if (res.Code === Code.NEED_BIND_WECHAT) {
    rememberReturn(window.location.pathname + window.location.search, safeSessionStorage());
    window.location.assign('/user/wx-bind-qrcode');
    return null;
  }
  // The account gate (reference §1.1): sign-in fields to fill first.
  if (res.Code === Code.JUMP_TO_SIGIN_FIELDS) {
    window.location.assign('/user/supplementary');
    return null;
  }
  toast.error(res.Message || String(res.Code));
  return null;
}
