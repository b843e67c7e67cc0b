import type { ApiClient, CallResult } from '@forum/api-client';
import type { LoginResult } from '@forum/contracts';
import { getBrowserApi } from '../../app/api.ts';
import { useAuthSubmit } from './use-auth-submit.ts';
import { clearPending, readPending } from './wx-pending.ts';

/** A call that turns the pending WeChat into a login (register, bind an account or a phone). */
export type PendingCall = (api: ApiClient, sessionToken: string) => Promise<CallResult<LoginResult>>;

/**
 * The pending WeChat of the binding pages (null when there is none: show `WxPendingMissing`) and `finish`,
 * which sends its token through a login-like call and forgets it once the call succeeded.
 */
export function useWxPending(successKey: string) {
  const { busy, run } = useAuthSubmit(successKey);
  const pending = readPending();
  const finish = (call: PendingCall) => {
    if (!pending) return;
    void run(async () => {
      const res = await call(await getBrowserApi(), pending.sessionToken);
      if (res.Code === 0) clearPending();
      return res;
    });
  };
  return { pending, busy, finish };
}
