// npm run billing:adjust -- --user <deepspaceId|username> --delta <n> --reason <text>
import { parseArgs } from 'node:util';
import { adjustBalance } from '../adjust-balance.js';
import { openCliDatabase } from './open-cli-database.js';

const { values } = parseArgs({
  options: { user: { type: 'string' }, delta: { type: 'string' }, reason: { type: 'string' } },
  strict: true,
});
if (!values.user || !values.delta || !values.reason) {
  console.error('用法：npm run billing:adjust -- --user <deepspaceId 或用户名> --delta <整数> --reason <原因>');
  process.exit(2);
}
const database = await openCliDatabase();
try {
  const result = await adjustBalance(database.db, { user: values.user, delta: Number(values.delta), reason: values.reason });
  console.log(`已调整 ${result.username} (deepspaceId ${result.deepspaceId})：${result.before} → ${result.after} 币`);
} catch (error) {
  console.error(`调整失败：${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
