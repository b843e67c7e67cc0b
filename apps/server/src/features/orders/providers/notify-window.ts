import type { VerifiedNotify } from '../orders.service.js';

/** How old (or how far ahead) a callback's timestamp may be: 5 minutes, as common webhook practice. */
export const NOTIFY_WINDOW_S = 300;

/** A callback either verified, or refused with the reason (kept in `pay_notifies`). */
export type NotifyCheck = { ok: true; notice: VerifiedNotify } | { ok: false; why: string };

/** Why a callback's timestamp or nonce is unacceptable, or null when fine. */
export function checkWindow(timestamp: string, nonce: string, now: number): string | null {
  if (!/^\d{1,12}$/.test(timestamp)) return 'bad timestamp';
  if (!/^[A-Za-z0-9_-]{8,64}$/.test(nonce)) return 'bad nonce';
  if (Math.abs(now / 1000 - Number(timestamp)) > NOTIFY_WINDOW_S) return 'timestamp outside the window';
  return null;
}
