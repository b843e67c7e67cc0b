import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../../platform/db/db.js';
import { adminUser, registerUser, startTestApp, type TestApp } from '../../test/harness.js';
import { Ledger } from './ledger.service.js';

/** A member the fixture registered: their token and id. */
export interface Member {
  token: string;
  userId: number;
}

/** What the money tests share: a test app on its own database, a ledger, members and an administrator. */
export interface LedgerFixture {
  t: TestApp;
  db: Db;
  ledger: Ledger;
  admin: Member;
  members: Member[];
  /** Runs one SQL statement on the test database and answers its rows. */
  sql(text: string, params?: unknown[]): Promise<Array<Record<string, unknown>>>;
}

/**
 * Starts a test app before the file's tests and closes it after: `members` new members, the first
 * `funded` of them credited `openingFen` each through the ledger (a manual adjustment). `ledger` and
 * `sql` may be taken at once; the other fields are filled in `beforeAll`, so read them in tests and hooks.
 */
export function ledgerFixture(options: { members: number; funded?: number; openingFen?: number }) {
  const { members, funded = 0, openingFen = 0 } = options;
  const ledger = new Ledger();
  const f = {
    ledger,
    sql: async (text: string, params: unknown[] = []) =>
      (await f.t.app.forum.database.exec(text, params)).rows,
  } as LedgerFixture;
  beforeAll(async () => {
    f.t = await startTestApp();
    f.db = f.t.app.forum.database.db;
    f.admin = await adminUser(f.t.app);
    f.members = await Promise.all(Array.from({ length: members }, () => registerUser(f.t.app)));
    await Promise.all(
      f.members.slice(0, funded).map(({ userId }) =>
        ledger.adjust(f.db, {
          userId,
          amount: openingFen,
          actorId: null,
          idempotencyKey: `open-${userId}`,
        }),
      ),
    );
  });
  afterAll(async () => f.t?.close());
  return f;
}
