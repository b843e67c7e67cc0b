import { OVERLAY_ELEMENT_ID } from '@forum/contracts';
import { deflateTail } from '../http/stored-body.js';
import type { MemberTail } from './page-cache.js';
import { DOCUMENT_END } from './page-cache.js';
import type { OverlaySource } from './page-overlay.js';

/**
 * A member's overlay as the end of their group's page: a JSON data block (never run, so the page's policy
 * needs no hash for it), `<` and line separators escaped so no text can close it, then the document's end.
 */
export function overlayTail(json: string): string {
  const data = `{"Code":0,"Data":${json}}`
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${OVERLAY_ELEMENT_ID}">${data}</script>${DOCUMENT_END}`;
}

interface Entry {
  parts: readonly unknown[];
  tail: MemberTail;
}

// A loop, not `every`: asked on every member's page, where a closure per call is garbage to collect.
function sameParts(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const sizeOf = (t: MemberTail) =>
  t.plain.length + (t.deflated?.deflated.length ?? 0) + (t.sent?.bytes.length ?? 0);

/**
 * Members' tails by member and page, built and deflated once while the overlay is made of the same parts (its
 * cached pieces last until the next write), so a member reading a page again costs what a guest's hit costs.
 * Within a byte budget, oldest out first.
 */
export class MemberTails {
  private readonly entries = new Map<string, Entry>();
  private readonly making = new Map<string, Promise<MemberTail>>();
  private bytes = 0;

  constructor(private readonly maxBytes = 8 * 1024 * 1024) {}

  /** The member's kept tail when it still holds (same parts; deflated if asked), else undefined. */
  peek(key: string, source: OverlaySource, deflate: boolean): MemberTail | undefined {
    const hit = this.entries.get(key);
    return hit && sameParts(hit.parts, source.parts) && (hit.tail.deflated || !deflate)
      ? hit.tail
      : undefined;
  }

  /** The member's tail for a page (`key`), deflated when `deflate` (the client takes gzip). */
  async get(key: string, source: OverlaySource, deflate: boolean): Promise<MemberTail> {
    const hit = this.entries.get(key);
    if (hit && sameParts(hit.parts, source.parts) && (hit.tail.deflated || !deflate)) return hit.tail;
    let pending = this.making.get(key);
    if (!pending) {
      pending = this.make(key, source, deflate, hit).finally(() => this.making.delete(key));
      this.making.set(key, pending);
    }
    return pending;
  }

  private async make(key: string, source: OverlaySource, deflate: boolean, old?: Entry): Promise<MemberTail> {
    const plain =
      old && sameParts(old.parts, source.parts) ? old.tail.plain : Buffer.from(overlayTail(source.json()));
    const tail: MemberTail = { plain, deflated: deflate ? await deflateTail(plain) : null };
    this.drop(key);
    const size = sizeOf(tail);
    if (size > this.maxBytes) return tail;
    while (this.entries.size && this.bytes + size > this.maxBytes)
      this.drop(this.entries.keys().next().value!);
    this.entries.set(key, { parts: source.parts, tail });
    this.bytes += size;
    return tail;
  }

  /** A kept tail grew by `bytes` (it now keeps the member's whole reply): counted, oldest out if need be. */
  grew(key: string, bytes: number): void {
    if (!this.entries.has(key)) return;
    this.bytes += bytes;
    while (this.bytes > this.maxBytes && this.entries.size > 1) {
      const oldest = this.entries.keys().next().value!;
      if (oldest === key) break;
      this.drop(oldest);
    }
  }

  private drop(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.bytes -= sizeOf(e.tail);
    this.entries.delete(key);
  }
}
