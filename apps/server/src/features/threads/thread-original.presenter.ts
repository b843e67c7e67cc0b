import { TomId } from '@forum/contracts';

/**
 * Threads and replies as the original Discuz! Q clients read them (reference §1.3; our clients keep ours).
 * Their post renderer turns `<span id="topic" value="ID">#name#</span>` into a link to its topic page and
 * `<span id="member" value="ID">` into a profile link; their picture grid and attachment list take an image
 * or file block's body as the list of its uploads.
 */

const TOPIC_LINK = /<a\b(?=[^>]*\bclass="topic")[^>]*\bhref="\/topic\/(\d+)"[^>]*>([^<]*)<\/a>/g;
const MENTION = /<span\b(?=[^>]*\bdata-type="mention")[^>]*\bdata-id="(\d+)"[^>]*>([^<]*)<\/span>/g;
// A picture inside the HTML (an emoji, an inline upload) with a server-relative source.
const RELATIVE_SRC = /(<img\b[^>]*?\bsrc=")\/(?!\/)/g;

/** Post HTML in the original's markup, its pictures' sources absolute on the site's origin. */
export function originalPostHtml(html: string, origin: string): string {
  return html
    .replace(TOPIC_LINK, '<span id="topic" value="$1">$2</span>')
    .replace(MENTION, '<span id="member" value="$1">$2</span>')
    .replace(RELATIVE_SRC, `$1${origin}/`);
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Where each list block keeps its presented uploads in our body (`{imageIds, images: [...]}`). */
const LIST_BODIES: Record<string, string> = {
  [TomId.IMAGE]: 'images',
  [TomId.ATTACHMENT]: 'docs',
};

/** An upload as the original's image grid reads it (its size under the original's names too). */
function originalUpload(u: unknown): unknown {
  return isObj(u) ? { ...u, fileWidth: u.width ?? 0, fileHeight: u.height ?? 0 } : u;
}

/** A thread's `content` reshaped in place: its HTML, and each image or file block's body as its uploads. */
function reshapeContent(content: Obj, origin: string): void {
  if (typeof content.text === 'string') content.text = originalPostHtml(content.text, origin);
  if (!isObj(content.indexes)) return;
  for (const block of Object.values(content.indexes)) {
    if (!isObj(block)) continue;
    const key = LIST_BODIES[String(block.tomId)];
    if (!key) continue;
    const shown = isObj(block.body) ? block.body[key] : undefined;
    block.body = Array.isArray(shown) ? shown.map(originalUpload) : [];
  }
}

/**
 * Every thread in a reply (one, a page of them, a preload map of pages, the threads of a topic) reshaped in
 * place: anything with a `content` of `{text, indexes}` is a thread's.
 */
export function originalThreads<T>(data: T, origin: string): T {
  const walk = (v: unknown, depth: number): void => {
    if (depth > 8 || typeof v !== 'object' || v === null) return;
    if (Array.isArray(v)) {
      for (const x of v) walk(x, depth + 1);
      return;
    }
    for (const [k, x] of Object.entries(v)) {
      if (k === 'content' && isObj(x) && typeof x.text === 'string' && isObj(x.indexes)) {
        reshapeContent(x, origin);
      } else walk(x, depth + 1);
    }
  };
  walk(data, 0);
  return data;
}

/** A page of replies (and their last three comments) with their HTML in the original's markup. */
export function originalPosts<T>(data: T, origin: string): T {
  const post = (p: unknown) => {
    if (!isObj(p)) return;
    if (typeof p.content === 'string') p.content = originalPostHtml(p.content, origin);
    if (Array.isArray(p.lastThreeComments)) p.lastThreeComments.forEach(post);
  };
  if (isObj(data) && Array.isArray(data.pageData)) data.pageData.forEach(post);
  else post(data);
  return data;
}
