import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/index.js';
import { AppError } from '../platform/errors.js';
import { findUserByEmail, findUserByPhone } from './find-user.js';
import { hashPassword } from './password-hashing.js';
import { assertStrongPassword } from './password-policy.js';
import { users } from './tables.js';
import type { CodeStore } from './verification/code-store.js';

export interface RegisterInput {
  username: string;
  phoneNumber?: string;
  email?: string;
  password: string;
  verificationCode: string;
}

const CONFLICT_MESSAGES: Record<string, string> = {
  users_username_lower_idx: '用户名已存在',
  users_phone_idx: '该手机号已被注册',
  users_email_idx: '该邮箱已被注册',
};

/** What else a new account gets, in the transaction that creates it (billing's registration coins). */
export type OnAccountCreated = (tx: Tx, userId: number) => Promise<void>;

/**
 * Creates the account and grants what a new account gets (`onCreated`) in one transaction. The code proves
 * control of the phone (or, without a phone, the e-mail), and it is checked before anything that
 * depends on who is registered: only its holder learns whether the name, phone or e-mail is taken,
 * so a stranger cannot list accounts.
 */
export async function registerUser(deps: { db: Db; codes: CodeStore; onCreated: OnAccountCreated }, input: RegisterInput): Promise<void> {
  const { db, codes } = deps;
  assertStrongPassword(input.password);
  const code = { target: input.phoneNumber ?? input.email!, purpose: 'REGISTER' as const, code: input.verificationCode };
  // NOTE: checked, not used up: a wrong code counts one try whatever the name (as a free name's
  // always did), a right one counts none, so its holder can fix a taken name with the same code.
  await codes.check(code);
  const [taken] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = ${input.username.toLowerCase()}`);
  if (taken) throw new AppError('CONFLICT', CONFLICT_MESSAGES.users_username_lower_idx);
  if (input.phoneNumber && (await findUserByPhone(db, input.phoneNumber))) throw new AppError('CONFLICT', CONFLICT_MESSAGES.users_phone_idx);
  if (input.email && (await findUserByEmail(db, input.email))) throw new AppError('CONFLICT', CONFLICT_MESSAGES.users_email_idx);

  const passwordHash = await hashPassword(input.password);
  // Used up by the account it creates; of two registrations racing with one code, one gets it.
  await codes.consume(code);
  try {
    await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          deepspaceId: randomInt(100_000_000, 2_000_000_000),
          username: input.username,
          phone: input.phoneNumber ?? null,
          email: input.email ?? null,
          passwordHash,
        })
        .returning({ id: users.id });
      await deps.onCreated(tx, user!.id);
    });
  } catch (error) {
    // Two registrations racing for the same name, phone or e-mail: the database decides.
    const constraint = uniqueViolation(error);
    if (constraint && CONFLICT_MESSAGES[constraint]) throw new AppError('CONFLICT', CONFLICT_MESSAGES[constraint]);
    if (constraint === 'users_deepspace_id_unique') throw new AppError('CONFLICT', '注册人数较多，请重试');
    throw error;
  }
}

/** The constraint name of a unique violation (SQLSTATE 23505), from either driver. */
export function uniqueViolation(error: unknown): string | undefined {
  for (let current = error as { code?: string; constraint?: string; cause?: unknown } | undefined; current; current = current.cause as typeof current) {
    if (current.code === '23505') return current.constraint ?? 'unknown';
  }
  return undefined;
}
