import { toast } from '@forum/ui';
import { rememberReturn } from './login-return.ts';
import { safeSessionStorage } from './storage.ts';

/** Spec §6: "Please log in first!", remember where the user was, and go to the login page. */
export function sendToLogin(message: string, here: string, go: (to: string) => void): void {
  toast.info(message);
  rememberReturn(here, safeSessionStorage());
  go('/user/login');
}
