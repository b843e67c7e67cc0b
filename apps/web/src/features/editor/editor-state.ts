import type { AttachmentItem, ThreadItem } from '@forum/contracts';
import { TomId } from '@forum/contracts';
import { escapeHtml } from '../../app/head.ts';
import { safeLocalStorage } from '../../app/storage.ts';
import type { VoteDraft } from './vote-editor.tsx';

/** Everything the editor holds; autosaved to local storage (see {@link saveDraft}). */
export interface EditorDraft {
  title: string;
  categoryId: number;
  html: string;
  anonymous: boolean;
  vote: VoteDraft | null;
  images: Array<{ id: number; url: string }>;
  files: AttachmentItem[];
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

/** The editor state of an existing thread (edit mode). */
export function draftFromThread(th: ThreadItem): EditorDraft {
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
    files: [],
  };
}

/** Image upload ids still present in the text (removed images drop out of the image block). */
export function imageIdsIn(html: string): number[] {
  return [...html.matchAll(/<img\b[^>]*\bdata-attachment-id="(\d+)"/g)].map((m) => Number(m[1]));
}

/** The thread write payload: rich text (file links appended, names escaped) plus image, file and vote blocks. */
export function buildContent(d: EditorDraft) {
  const fileLinks = d.files
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
  return { text, indexes };
}
