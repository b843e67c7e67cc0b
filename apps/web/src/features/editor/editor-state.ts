import type { AttachmentItem, ThreadItem } from '@forum/contracts';
import { TomId } from '@forum/contracts';
import { escapeHtml } from '../../app/head.ts';
import { safeLocalStorage } from '../../app/storage.ts';
import { goodsFromBody, goodsToBody, type GoodsDraft } from './goods-editor.tsx';
import { NO_POSITION, type PositionDraft } from './position-editor.tsx';
import type { VoteDraft } from './vote-editor.tsx';
import { payDraftOf, type PayDraft } from '../paid/price-editor.tsx';

/** Everything the editor holds; autosaved to local storage (see {@link saveDraft}). */
export interface EditorDraft {
  title: string;
  categoryId: number;
  html: string;
  anonymous: boolean;
  vote: VoteDraft | null;
  images: Array<{ id: number; url: string }>;
  files: AttachmentItem[];
  /** Uploaded video (tom 103) and audio (tom 102) files. */
  video?: AttachmentItem | null;
  audio?: AttachmentItem | null;
  goods?: GoodsDraft | null;
  /** The thread's place (a thread field, not a block). */
  position?: PositionDraft | null;
  /** Price, attachment price and free words (thread fields). */
  pay?: PayDraft | null;
}

/**
 * Drafts are kept in local storage per user and thread (new or the edited id), not as server drafts: a server draft
 * would pass stop words, speed limits and captcha on every autosave, and a half-written thread is nobody else's
 * business. The key holds the user id so two accounts on one browser never see each other's text.
 */
export function draftKey(userId: number, threadId: number): string {
  return `forum_draft_${userId}_${threadId || 'new'}`;
}

/** Saves the draft (ignored when storage is unavailable or full). */
export function saveDraft(key: string, d: EditorDraft): void {
  try {
    safeLocalStorage()?.setItem(key, JSON.stringify(d));
  } catch {
    /* storage full or blocked: autosave is best effort */
  }
}

/** The saved draft, or null. */
export function loadDraft(key: string): EditorDraft | null {
  try {
    const raw = safeLocalStorage()?.getItem(key);
    return raw ? (JSON.parse(raw) as EditorDraft) : null;
  } catch {
    return null;
  }
}

/** Forgets the draft after publishing. */
export function clearDraft(key: string): void {
  safeLocalStorage()?.removeItem(key);
}

/** The presented upload of a block (`body.video`, `body.docs`, ...), as the server expands it. */
function shownFiles(th: ThreadItem, tomId: number, key: string): AttachmentItem[] {
  const body = Object.values(th.content.indexes).find((x) => Number(x.tomId) === tomId)?.body as
    Record<string, unknown> | undefined;
  const v = body?.[key];
  return (Array.isArray(v) ? v : v ? [v] : []) as AttachmentItem[];
}

/** The editor state of an existing thread (edit mode): every block is kept unless the author removes it. */
export function draftFromThread(th: ThreadItem): EditorDraft {
  const goods = Object.values(th.content.indexes).find((x) => Number(x.tomId) === TomId.GOODS)?.body;
  const p = th.position;
  const vote = Object.values(th.content.indexes).find((x) => Number(x.tomId) === TomId.VOTE)?.body as
    | {
        voteTitle: string;
        choiceType: number;
        expiredAt: string | null;
        subitems: Array<{ content: string }>;
      }
    | undefined;
  return {
    title: th.title,
    categoryId: th.categoryId,
    html: th.content.text,
    anonymous: th.isAnonymous,
    vote: vote
      ? {
          voteTitle: vote.voteTitle,
          choiceType: vote.choiceType === 2 ? 2 : 1,
          expiredAt: vote.expiredAt ? vote.expiredAt.slice(0, 16) : '',
          options: vote.subitems.map((s) => s.content),
        }
      : null,
    images: [],
    // File links are already in the text; the block is restored so that saving does not unlink the files.
    files: shownFiles(th, TomId.ATTACHMENT, 'docs'),
    video: shownFiles(th, TomId.VIDEO, 'video')[0] ?? null,
    audio: shownFiles(th, TomId.AUDIO, 'audio')[0] ?? null,
    goods: goods ? goodsFromBody(goods) : null,
    position: p.address || p.location || p.longitude || p.latitude ? { ...p } : null,
    pay: payDraftOf(th),
  };
}

/** Image upload ids still present in the text (removed images drop out of the image block). */
export function imageIdsIn(html: string): number[] {
  return [...html.matchAll(/<img\b[^>]*\bdata-attachment-id="(\d+)"/g)].map((m) => Number(m[1]));
}

/** The position to send: the draft's place, or an empty one that clears a place when editing. */
export function buildPosition(d: EditorDraft, editing: boolean): PositionDraft | undefined {
  return d.position ?? (editing ? NO_POSITION : undefined);
}

/** The thread write payload: rich text (file links appended, names escaped) plus the blocks. */
export function buildContent(d: EditorDraft) {
  // Files already linked in the text (an edited thread) are not linked twice.
  const fileLinks = d.files
    .filter((f) => !d.html.includes(`href="${escapeHtml(f.url)}"`))
    .map(
      (f) =>
        `<p class="attachment"><a href="${escapeHtml(f.url)}" data-attachment-id="${f.id}">${escapeHtml(f.fileName)}</a></p>`,
    )
    .join('');
  const text = d.html + fileLinks;
  const indexes: Record<string, { tomId: number; body: unknown }> = {};
  const imageIds = [...new Set(imageIdsIn(d.html))].slice(0, 9);
  if (imageIds.length) indexes['0'] = { tomId: TomId.IMAGE, body: { imageIds } };
  if (d.files.length)
    indexes['1'] = { tomId: TomId.ATTACHMENT, body: { docIds: d.files.map((f) => f.id).slice(0, 9) } };
  if (d.vote) {
    indexes['2'] = {
      tomId: TomId.VOTE,
      body: {
        voteTitle: d.vote.voteTitle,
        choiceType: d.vote.choiceType,
        expiredAt: d.vote.expiredAt ? new Date(d.vote.expiredAt).toISOString() : null,
        subitems: d.vote.options.map((content) => ({ content })),
      },
    };
  }
  if (d.video) indexes['3'] = { tomId: TomId.VIDEO, body: { videoId: d.video.id } };
  if (d.audio) indexes['4'] = { tomId: TomId.AUDIO, body: { audioId: d.audio.id } };
  if (d.goods) indexes['5'] = { tomId: TomId.GOODS, body: goodsToBody(d.goods) };
  return { text, indexes };
}
