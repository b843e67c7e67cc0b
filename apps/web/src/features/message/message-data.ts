import type { CallContract, CallInput, CallOutput } from '@forum/contracts';
import { getBrowserApi } from '../../app/api.ts';

/** A read for a member's own page, from the browser (their messages are never part of a shared render). */
export async function read<C extends CallContract>(
  contract: C,
  input: CallInput<C>,
): Promise<CallOutput<C> | null> {
  const res = await (await getBrowserApi()).call(contract, input);
  return res.Code === 0 ? (res.Data as CallOutput<C>) : null;
}

/** The notification types each list of spec §2 shows. */
export const CATEGORY_TYPES = {
  thread: ['replied', 'liked', 'related'],
  financial: ['rewarded', 'threadrewarded', 'threadrewardedexpired', 'receiveredpacket'],
  account: ['system'],
} as const;
/** One list. */
export type NoticeCategory = keyof typeof CATEGORY_TYPES;

/** The address of a chat with a user (spec §2). */
export function chatHref(userId: number, nickname: string): string {
  return `/message?page=chat&userId=${userId}&nickname=${encodeURIComponent(nickname)}`;
}
