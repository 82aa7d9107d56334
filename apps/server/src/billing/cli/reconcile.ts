// npm run billing:reconcile — verifies that every balance equals the sum of its ledger, and that
// refunds, their take-backs and the ledger agree (decision 079).
import { findBalanceMismatches, findRefundMismatches } from '../reconcile.js';
import { openCliDatabase } from './open-cli-database.js';

const database = await openCliDatabase();
try {
  const mismatches = await findBalanceMismatches(database.db);
  const refunds = await findRefundMismatches(database.db);
  if (mismatches.length === 0 && refunds.length === 0) {
    console.log('对账通过：所有账户余额与流水一致，退款与扣回一致。');
  } else {
    if (mismatches.length > 0) console.error(`对账失败：${mismatches.length} 个账户余额与流水不一致`);
    for (const m of mismatches) {
      console.error(`  用户 ${m.username} (deepspaceId ${m.deepspaceId}): 余额 ${m.balance}，流水合计 ${m.ledgerSum}，最后一条流水余额 ${m.lastBalanceAfter ?? '无'}`);
    }
    if (refunds.length > 0) console.error(`对账失败：${refunds.length} 处退款与订单或流水不一致`);
    for (const r of refunds) console.error(`  订单 ${r.outTradeNo ?? '无'} 退款 ${r.outRefundNo ?? '—'}: ${r.problem}`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
