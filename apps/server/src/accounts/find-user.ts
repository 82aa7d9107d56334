import { eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/index.js';
import { type UserRow, users } from './tables.js';

/** The account a sign-in name refers to: a username (any case), a phone number or an e-mail. */
export async function findUserByIdentifier(db: DbOrTx, identifier: string): Promise<UserRow | undefined> {
  const lower = identifier.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.username}) = ${lower}`, eq(users.phone, lower), eq(users.email, lower)))
    .limit(1);
  return row;
}

export async function findUserByPhone(db: DbOrTx, phone: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, userId: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}
