import { TomId, type AttachmentItem } from '@forum/contracts';
import { AttachmentType } from '../attachments/index.js';
import type { ThreadFiles } from './thread-files.service.js';
import type { TomRegistry } from '../toms/index.js';

/** Which upload type each file block takes, where its ids are and where the presented files go. */
const FILE_TOMS = [
  { tomId: TomId.IMAGE, type: AttachmentType.IMAGE, ids: 'imageIds', shown: 'images', many: true },
  { tomId: TomId.AUDIO, type: AttachmentType.AUDIO, ids: 'audioId', shown: 'audio', many: false },
  { tomId: TomId.VIDEO, type: AttachmentType.VIDEO, ids: 'videoId', shown: 'video', many: false },
  { tomId: TomId.ATTACHMENT, type: AttachmentType.FILE, ids: 'docIds', shown: 'docs', many: true },
] as const;

function idsOf(body: unknown, key: string): number[] {
  const v = (body as Record<string, unknown> | null)?.[key];
  return (Array.isArray(v) ? v : [v]).filter((x): x is number => typeof x === 'number');
}

/**
 * Gives the built-in image, audio, video and file blocks their upload checks (bind on save) and their
 * presenters (download and thumbnail URLs next to the ids, e.g. `{imageIds, images: [{url, thumbUrl, ...}]}`).
 */
export function registerFileToms(registry: TomRegistry, files: ThreadFiles): void {
  for (const f of FILE_TOMS) {
    const base = registry.require(f.tomId);
    registry.register({
      ...base,
      async save(ctx, body) {
        await files.bind(ctx.tx, ctx.actor, {
          authorId: ctx.authorId,
          postId: ctx.postId,
          ids: idsOf(body, f.ids),
          types: [f.type],
          field: `content.indexes.${ctx.key}.body.${f.ids}`,
        });
        return body;
      },
      uploads: (stored) => idsOf(stored, f.ids),
      show(ctx, stored) {
        // Only files bound to this thread are shown: an id in a body never reveals someone else's upload.
        const list = idsOf(stored, f.ids)
          .map((id) => ctx.files.get(id))
          .filter((x): x is AttachmentItem => x !== undefined);
        return Promise.resolve({ ...(stored as object), [f.shown]: f.many ? list : (list[0] ?? null) });
      },
    });
  }
}
