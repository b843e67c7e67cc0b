import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db/db.js';
import { withinDays } from '../../platform/db/day-range.js';
import { ledgerAccounts, ledgerEntries, ledgerTransactions, orders, users } from '../../schema.js';

/** A page of members' ledger entries with their own wallet-log types, newest first. */
export async function listFunds(
  db: DbOrTx,
  f: { username: string; changeType: number; createdAtBegin?: string; createdAtEnd?: string },
  page: { limit: number; offset: number },
) {
  const c: SQL[] = [sql`${ledgerAccounts.userId} IS NOT NULL`];
  if (f.username) c.push(sql`lower(${users.username}) = lower(${f.username})`);
  if (f.changeType) c.push(eq(ledgerEntries.reason, f.changeType));
  c.push(...withinDays(ledgerTransactions.createdAt, f.createdAtBegin, f.createdAtEnd));
  const where = and(...c);
  const from = () =>
    db
      .select({
        id: ledgerEntries.id,
        transactionId: ledgerEntries.transactionId,
        userId: sql<number>`${ledgerAccounts.userId}`,
        username: users.username,
        kind: ledgerAccounts.kind,
        amount: ledgerEntries.amount,
        reason: ledgerEntries.reason,
        memo: ledgerTransactions.memo,
        createdAt: ledgerTransactions.createdAt,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .innerJoin(users, eq(users.id, ledgerAccounts.userId));
  const [rows, [total]] = await Promise.all([
    from().where(where).orderBy(desc(ledgerEntries.id)).limit(page.limit).offset(page.offset),
    db
      .select({ n: count() })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .innerJoin(users, eq(users.id, ledgerAccounts.userId))
      .where(where),
  ]);
  return { rows, total: total!.n };
}

const payees = alias(users, 'payees');

/** A page of orders with the payer's and payee's names, newest first. */
export async function listOrders(
  db: DbOrTx,
  f: {
    type: number;
    status: number;
    username: string;
    orderSn: string;
    createdAtBegin?: string;
    createdAtEnd?: string;
  },
  page: { limit: number; offset: number },
) {
  const c: SQL[] = [];
  if (f.type >= 0) c.push(eq(orders.type, f.type));
  if (f.status >= 0) c.push(eq(orders.status, f.status));
  if (f.username) c.push(sql`lower(${users.username}) = lower(${f.username})`);
  if (f.orderSn) c.push(eq(orders.orderSn, f.orderSn));
  c.push(...withinDays(orders.createdAt, f.createdAtBegin, f.createdAtEnd));
  const where = c.length ? and(...c) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ order: orders, username: users.username, payeeName: payees.username })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .leftJoin(payees, eq(payees.id, orders.payeeId))
      .where(where)
      .orderBy(desc(orders.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where),
  ]);
  return { rows, total: total!.n };
}
