import { Code, UserStatus, type LoginResult } from '@forum/contracts';
import { takeReturn } from './login-return.ts';
import { UID_STORAGE_KEY } from './session.ts';
import { safeLocalStorage, safeSessionStorage } from './storage.ts';

/** Where a failed login-like call should send the user instead of showing a toast (reference §2.2). */
export function statusRedirect(code: number, message: string): string | null {
  if (code === Code.JUMP_TO_AUDIT) return `/user/status?statusCode=2`;
  if (code === Code.VALIDATE_REJECT || code === Code.USER_BAN || code === Code.VALIDATE_IGNORE)
    return `/user/status?statusCode=${code}&statusMsg=${encodeURIComponent(message)}`;
  return null;
}

/** The next address after a successful login or registration: nickname, status, or the remembered page. */
export function afterLoginTarget(result: LoginResult): string {
  safeLocalStorage()?.setItem(UID_STORAGE_KEY, String(result.userId));
  if (result.userStatus === UserStatus.NEEDS_FIELDS) return '/user/supplementary';
  if (result.userStatus !== 0) return `/user/status?statusCode=${result.userStatus}`;
  if (result.isMissNickname) return '/user/bind-nickname';
  return takeReturn(safeSessionStorage());
}

// Kept in its own module: pages in the first load use it without pulling in the contracts (auth-flow needs codes).
export { sendToLogin } from './send-to-login.ts';
