import { REGISTRATION_GIFT_COINS } from '@tianma/shared';
import type { DbOrTx } from '../platform/db/index.js';
import { applyLedgerEntry } from './ledger.js';

/** The coins every new account starts with, credited once (in the transaction that creates it). */
export async function grantRegistrationGift(tx: DbOrTx, userId: number): Promise<void> {
  await applyLedgerEntry(tx, {
    userId,
    delta: REGISTRATION_GIFT_COINS,
    kind: 'registration_gift',
    idemKey: `registration:${userId}`,
    reason: '注册赠送',
  });
}
