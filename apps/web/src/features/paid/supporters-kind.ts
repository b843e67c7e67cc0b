import { LikedUsersType } from '@forum/contracts/constants';

/** The two lists under a thread: who tipped its author, who paid to read it. */
export type SupportersKind = 'tips' | 'paid';

/** The `thread.likedusers` type of each list. */
export const SUPPORTERS_TYPE: Record<SupportersKind, number> = {
  tips: LikedUsersType.TIPS,
  paid: LikedUsersType.PAID,
};
