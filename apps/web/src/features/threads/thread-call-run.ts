// What `thread-call.ts` loads on a page's first action (see there): the calls, their failures as toasts or trips to
// login, and the captcha retry.
import type { CallContract } from '@forum/contracts';
import { Code } from '@forum/contracts/constants';
import { toast } from '@forum/ui';
import { contractNamed, getBrowserApi, type CallName } from '../../app/api.ts';
import { rememberReturn } from '../../app/login-return.ts';
import { safeSessionStorage } from '../../app/storage.ts';

/** The fields a write carries when its author's group must pass a captcha. */
export interface CaptchaAnswer {
  captchaTicket: string;
  captchaRandStr: string;
}

/** A contract, or its name (the thread page names its calls so its first load carries no zod). */
async function contractOf(call: CallContract | CallName): Promise<CallContract> {
  return typeof call === 'string' ? ((await contractNamed(call)) as CallContract) : call;
}

/** `act` of thread-call.ts (its typed signatures are there). */
export async function act(call: CallContract | CallName, input: unknown): Promise<unknown> {
  const [api, contract] = await Promise.all([getBrowserApi(), contractOf(call)]);
  return settle(await api.call(contract, input as never));
}

/** True when the server refused a write for a missing or wrong captcha answer (-4001 with `{captcha: true}`). */
function needsCaptcha(res: { Code: number; Data: unknown }): boolean {
  return (
    res.Code === Code.INVALID_PARAMETER &&
    typeof res.Data === 'object' &&
    res.Data !== null &&
    (res.Data as { captcha?: unknown }).captcha === true
  );
}

/** `actWithCaptcha` of thread-call.ts (its typed signatures are there). */
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
