import { z } from 'zod';
import { defineCall } from './call.js';
import { idList } from './fields.js';
import { postItem } from './posts.js';
import { threadItem } from './threads-item.js';
import { currentUser } from './users.js';

/** The viewer's own facts for a page their group shares (architecture: shared renders plus an overlay). */
export const viewerOverlayData = z.object({
  /** Who is looking (the header's user); null for a guest or a dead session. */
  user: currentUser.nullable(),
  /** The listed threads as this viewer sees them: their likes, favourites, abilities, own anonymous authorship. */
  threads: z.array(threadItem),
  /** The listed replies as this viewer sees them. */
  posts: z.array(postItem),
});
/** The viewer overlay. */
export type ViewerOverlayData = z.infer<typeof viewerOverlayData>;

/**
 * The id of the JSON data block (`<script type="application/json">`) at the end of a member's copy of their
 * group's page: the server splices the member's overlay reply (`{Code, Data}`) there, so the whole view is one
 * request; a page without it asks `viewer.overlay` at the address on `<html data-overlay>`.
 */
export const OVERLAY_ELEMENT_ID = 'forum-overlay';

/**
 * GET viewer.overlay: a member's page is rendered once for their whole group and shared; the browser reads
 * this (inline at the page's end, else asked for by the page) and lays it over the page. Ids the viewer may not see are
 * left out of the answer.
 */
export const viewerOverlay = defineCall({
  method: 'GET',
  path: '/api/v3/viewer.overlay',
  summary: "The viewer's own view of the threads and replies on a page shared by their group",
  tags: ['forum'],
  input: z.object({
    threadIds: idList.pipe(z.array(z.number().int()).max(50).optional()),
    postIds: idList.pipe(z.array(z.number().int()).max(50).optional()),
  }),
  output: viewerOverlayData,
});
