import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/db.js';
import { users } from '../../schema.js';

/** Locks a user's row for the rest of the transaction (serialises one user's posting-speed checks). */
export async function lockUser(db: DbOrTx, userId: number): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}
