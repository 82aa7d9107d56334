// npm run admin:grant -- <username> [--reason <text>]    npm run admin:revoke -- <username> [--reason <text>]
import { parseArgs } from 'node:util';
import { openCliDatabase } from '../../billing/cli/open-cli-database.js';
import { setOperatorRole } from '../operators.js';

const grant = process.argv[2] === 'grant';
const USAGE = `用法：npm run admin:${grant ? 'grant' : 'revoke'} -- <用户名> [--reason <原因>]`;

let parsed: ReturnType<typeof parseArgs<{ options: { reason: { type: 'string' } }; allowPositionals: true }>>;
try {
  parsed = parseArgs({ args: process.argv.slice(3), options: { reason: { type: 'string' } }, allowPositionals: true, strict: true });
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const username = parsed.positionals[0];
if (!username || parsed.positionals.length > 1) {
  console.error(USAGE);
  process.exit(2);
}
const reason = parsed.values.reason?.trim() || (grant ? '命令行授予运营权限' : '命令行撤销运营权限');
const database = await openCliDatabase();
try {
  const result = await setOperatorRole(database.db, username, grant, reason);
  if (!result) {
    console.error(`未找到用户 ${username}`);
    process.exitCode = 1;
  } else if (!result.changed) {
    console.log(grant ? `${result.username} 已是运营人员` : `${result.username} 本就不是运营人员`);
  } else {
    console.log(grant ? `已授予 ${result.username} 运营权限` : `已撤销 ${result.username} 的运营权限`);
  }
} catch (error) {
  console.error(`操作失败：${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
