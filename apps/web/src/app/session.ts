/** Readable cookie set by the server at login: the "logged-in" marker (never the token itself). */
export const UID_COOKIE = 'forum_uid';
/** Readable cookie holding the CSRF double-submit value. */
export const CSRF_COOKIE = 'csrf_token';
/** Local-storage copy of the marker, compared with the cookie (spec §4 storage consistency rule). */
export const UID_STORAGE_KEY = 'forum_uid';

/** Reads one cookie from a `document.cookie`-style string. */
export function readCookie(cookieHeader: string | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    if (part.slice(0, i).trim() === name) {
      const raw = part.slice(i + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return undefined;
}

/** Outcome of the consistency check. */
export type StorageCheck = 'guest' | 'consistent' | 'mismatch';

/**
 * Spec §4: logged-in state must be present in both the cookie and local storage or in neither; one without the
 * other (or two different users) means stale state that must be cleared.
 */
export function checkStorageConsistency(
  cookieUid: string | undefined,
  storedUid: string | null | undefined,
): StorageCheck {
  const c = cookieUid || undefined;
  const s = storedUid || undefined;
  if (!c && !s) return 'guest';
  if (c && s && c === s) return 'consistent';
  return 'mismatch';
}

/** Logged in when a user id exists (spec §4). */
export function isLoggedIn(user: { id?: number } | null | undefined): boolean {
  return typeof user?.id === 'number' && user.id > 0;
}
