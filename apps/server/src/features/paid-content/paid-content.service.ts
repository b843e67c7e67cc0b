import type { Actor } from '../../platform/auth/actor.js';
import type { Db } from '../../platform/db/db.js';
import { loginRequired } from '../../platform/http/errors.js';
import { pageReply } from '../../platform/http/page.js';
import { presentPurchase } from './paid-content.presenter.js';
import { listPurchases } from './paid-content.repository.js';

/** Reads of what members bought. */
export class PurchasesService {
  constructor(private readonly db: Db) {}

  /** `purchases.list`: my own purchases, newest first. */
  async mine(actor: Actor, page: number, perPage: number) {
    if (actor.userId == null) throw loginRequired();
    const { rows, total } = await listPurchases(this.db, actor.userId, page, perPage);
    return pageReply(rows.map(presentPurchase), page, perPage, total);
  }
}
