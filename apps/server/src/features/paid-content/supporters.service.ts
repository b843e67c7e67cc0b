import type { Db } from '../../platform/db/db.js';
import type { ThreadSupporters } from '../threads/index.js';
import { paidTimeOf, presentSupporter } from './supporters.presenter.js';
import { countSupporters, listSupporters, SUPPORTER_TYPES } from './supporters.repository.js';

/** A thread's tippers and paid readers from its paid orders, as `thread.likedusers` lists them. */
export function threadSupporters(db: Db): ThreadSupporters {
  return {
    counts: (threadId) => countSupporters(db, threadId),
    async list(actor, threadId, kinds, limit, offset, lang) {
      const types = kinds.flatMap((k) => SUPPORTER_TYPES[k]);
      const rows = await listSupporters(db, threadId, types, limit, offset);
      return rows.map((r) => ({ item: presentSupporter(actor, r, lang), at: paidTimeOf(r) }));
    },
  };
}
