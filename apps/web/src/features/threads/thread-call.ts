import { Code, type CallContract, type CallInput, type CallOutput } from '@forum/contracts';
import { toast } from '@forum/ui';
import { getBrowserApi } from '../../app/api.ts';
import { rememberReturn } from '../../app/login-return.ts';
import { safeSessionStorage } from '../../app/storage.ts';

/** Runs one API call from an event handler: failures become a toast (or a trip to login) and `null`. */
export async function act<C extends CallContract>(
  contract: C,
  input: CallInput<C>,
): Promise<CallOutput<C> | null> {
  const res = await (await getBrowserApi()).call(contract, input);
  if (res.Code === 0 && res.Data != null) return res.Data;
  if (res.Code === Code.JUMP_TO_LOGIN) {
    rememberReturn(window.location.pathname + window.location.search, safeSessionStorage());
    window.location.assign('/user/login');
    return null;
  }
  toast.error(res.Message || String(res.Code));
  return null;
}
