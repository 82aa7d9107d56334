// npm run billing:adjust -- --user <deepspaceId|username> --delta <n> --reason <text>
import { parseArgs } from 'node:util';
import { adjustBalance } from '../adjust-balance.js';
import { openCliDatabase } from './open-cli-database.js';

const USAGE = '用法：npm run billing:adjust -- --user <deepspaceId 或用户名> --delta <整数，可为负> --reason <原因>';

// `--delta -50` reads naturally; parseArgs would take -50 for an option, so glue it on.
const raw = process.argv.slice(2);
const argv: string[] = [];
for (let i = 0; i < raw.length; i += 1) {
  if (raw[i] === '--delta' && raw[i + 1]?.startsWith('-')) {
    argv.push(`--delta=${raw[i + 1]}`);
    i += 1;
  } else {
    argv.push(raw[i]!);
  }
}
let values: { user?: string; delta?: string; reason?: string };
try {
  values = parseArgs({ args: argv, options: { user: { type: 'string' }, delta: { type: 'string' }, reason: { type: 'string' } }, strict: true }).values;
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (!values.user || !values.delta || !values.reason) {
  console.error(USAGE);
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
