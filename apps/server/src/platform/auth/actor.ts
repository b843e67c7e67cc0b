import { GroupId } from '@forum/contracts';

/** Who is making a request: a guest (group 7) or a user with their group's permissions. */
export interface Actor {
  userId: number | null;
  isGuest: boolean;
  isAdmin: boolean;
  groupId: number;
  permissions: ReadonlySet<string>;
  /** Account status (0 normal, 1 banned, 2 pending, 3 rejected, 4 ignored, 10 needs fields). */
  status: number;
  /** Reason shown to banned or rejected users. */
  statusReason: string;
  /** The token row id, so logout can revoke exactly this session. */
  tokenId: number | null;
  /** How the token arrived: cookie-authenticated writes need a CSRF token. */
  via: 'bearer' | 'cookie' | 'none';
}

/** Builds the guest actor from the guest group's permissions. */
export function guestActor(permissions: ReadonlySet<string>): Actor {
  return {
    userId: null,
    isGuest: true,
    isAdmin: false,
    groupId: GroupId.GUEST,
    permissions,
    status: 0,
    statusReason: '',
    tokenId: null,
    via: 'none',
  };
}
