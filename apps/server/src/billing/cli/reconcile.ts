// npm run billing:reconcile — verifies that every balance equals the sum of its ledger.
import { findBalanceMismatches } from '../reconcile.js';
import { openCliDatabase } from './open-cli-database.js';

const database = await openCliDatabase();
try {
  const mismatches = await findBalanceMismatches(database.db);
  if (mismatches.length === 0) {
    console.log('对账通过：所有账户余额与流水一致。');
  } else {
    console.error(`对账失败：${mismatches.length} 个账户余额与流水不一致`);
    for (const m of mismatches) {
      console.error(`  用户 ${m.username} (deepspaceId ${m.deepspaceId}): 余额 ${m.balance}，流水合计 ${m.ledgerSum}，最后一条流水余额 ${m.lastBalanceAfter ?? '无'}`);
    }
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
