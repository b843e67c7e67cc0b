import {
  stopWordsBatch,
  stopWordsDelete,
  stopWordsDeleteV2,
  stopWordsExport,
  stopWordsList,
  type StopWordItem,
} from '@forum/contracts';
import type { Route } from '../../platform/http/router.js';
import type { StopWordRow } from './stop-words.repository.js';
import type { StopWordsService } from './stop-words.service.js';
import { pageReply } from '../../platform/http/page.js';

function present(r: StopWordRow): StopWordItem {
  return {
    id: r.id,
    find: r.find,
    replacement: r.replacement,
    ugc: r.ugc as StopWordItem['ugc'],
    username: r.username as StopWordItem['username'],
    signature: r.signature as StopWordItem['signature'],
    dialog: r.dialog as StopWordItem['dialog'],
    nickname: r.nickname as StopWordItem['nickname'],
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/**
 * Mounts the admin stop-word calls (batch import, list, delete) at the backAdmin and spec `.v2` paths: the
 * router's admin gate refuses everyone else before the input is read, and logs the writes.
 */
export function registerStopWordsRoutes(route: Route, stopWords: StopWordsService): void {
  const admin = { admin: true };
  route(stopWordsBatch, admin, async (input, { actor }) =>
    stopWords.batch(input.words, input.overwrite, actor.userId),
  );
  route(stopWordsList, admin, async (input) => {
    const { rows, total } = await stopWords.list(input.filter, input.page, input.perPage);
    return pageReply(rows.map(present), input.page, input.perPage, total);
  });
  for (const contract of [stopWordsDelete, stopWordsDeleteV2]) {
    route(contract, admin, async (input) => ({ deleted: await stopWords.remove(input.ids) }));
  }
  route(stopWordsExport, admin, async (_input, { reply }) => {
    await reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('content-disposition', 'attachment; filename="stop-words.txt"')
      .send(await stopWords.exportLines());
    return null;
  });
}
