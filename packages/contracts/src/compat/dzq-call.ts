import { z } from 'zod';

/**
 * How one call of the original Discuz! Q web client is written down (`dzqClientCalls`): what it sends and the
 * fields it reads. The compatibility tests replay each against the real server.
 */

/** A page of the original client. */
export type DzqPage = 'home' | 'thread' | 'login' | 'search' | 'my' | 'messages' | 'notifications' | 'editor';

/** Values the test fills in `{name}` placeholders of paths, queries and bodies with. */
export type DzqFixture =
  | 'threadId'
  | 'authorId'
  | 'userId'
  | 'dialogId'
  | 'username'
  | 'password'
  /** An image the member uploaded and has not posted yet. */
  | 'imageId'
  /** A document (PDF) the member uploaded and has not posted yet. */
  | 'fileId'
  /** The member's own published thread (the editor's edit mode opens it). */
  | 'ownThreadId'
  /** A notice of the member's and a dialog of theirs nothing else reads: the delete buttons take them. */
  | 'spareNoticeId'
  | 'spareDialogId'
  /** The name of a topic a visible thread carries (`#name#`), and a word of a thread's title. */
  | 'topic'
  | 'keyword'
  /** A member nobody follows yet (the search page's follow button). */
  | 'strangerId';

/** A multipart upload as the client's upload component sends it: these fields, then the file. */
export interface DzqUpload {
  fields: Record<string, string>;
  fileName: string;
  /** `image/png` sends a small picture, `application/pdf` a small document. */
  mime: 'image/png' | 'application/pdf';
}

/** One call of the original client. */
export interface DzqClientCall {
  /** Unique name for test titles. */
  name: string;
  page: DzqPage;
  method: 'GET' | 'POST';
  /** Site-root path, `/api/v3/...` or the `/apiv3/...` alias the client also uses. */
  path: string;
  /** Query exactly as the client sends it: bracketed `filter[...]` keys; the `dzqSid`/`dzqPf` marks are added by the caller. */
  query?: Record<string, string>;
  /**
   * JSON body; GETs carry `{}` with `Content-Type: application/json`, as the client sends them. A string that is
   * exactly one `{name}` takes the fixture's value as it is (an id stays a number, as the client sends it).
   */
  body?: Record<string, unknown>;
  /** A multipart upload instead of a JSON body. */
  upload?: DzqUpload;
  /** Only a member makes this call. */
  member: boolean;
  /** What the original answered a guest on a new site (guests may not view users): the client handles it. */
  guestCode?: number;
  /**
   * The fields and types the client reads from `Data`; a call whose `Data` the client dereferences is never
   * empty. A list the test fixtures fill is `min(1)`, so its items' fields are checked too.
   */
  reads: z.ZodType;
}

/** The `dzqSid` and `dzqPf` marks the original clients add to every call. */
export const DZQ_MARKS = { dzqSid: 'compat-test-sid', dzqPf: 'pc' } as const;

export const int = z.number().int();
export const str = z.string();
export const bool = z.boolean();
/** A URL the client loads as it is: it resolves a relative one against its own origin, not the API's. */
export const absUrl = z.string().regex(/^https?:\/\//, 'an absolute URL (the client is on another origin)');

/** The list envelope the client reads `pageData` and the paging numbers from. */
export const page = (item: z.ZodType) =>
  z
    .object({ pageData: z.array(item), currentPage: int, perPage: int, totalCount: int, totalPage: int })
    .passthrough();

/** A list the fixtures fill: at least one item, so the items' fields are checked. */
export const filledPage = (item: z.ZodType) =>
  page(item).and(z.object({ pageData: z.array(z.unknown()).min(1) }).passthrough());
