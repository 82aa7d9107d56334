import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite corrupts its files when two processes open the same data directory, so the first
 * process writes its pid into a lock file and a second one refuses to start with a clear
 * message. A lock left by a process that no longer exists is taken over.
 */
const heldHere = new Set<string>();

export function acquireDirLock(dir: string): () => void {
  const lockFile = path.resolve(dir, '..', 'pglite.lock');
  const release = () => {
    heldHere.delete(lockFile);
    fs.rmSync(lockFile, { force: true });
  };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      heldHere.add(lockFile);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(lockFile, 'utf8'));
      // NOTE: our own pid in a lock we did not take is a leftover of an earlier run (a container
      // restarts with the same pid), so only a lock held by this very process counts as ours.
      const live = heldHere.has(lockFile) || (holder !== process.pid && holder > 0 && isAlive(holder));
      if (live) {
        throw new Error(
          `数据目录 ${dir} 正被进程 ${holder} 使用。嵌入式数据库只能由一个进程打开；` +
            '多进程部署请设置 DATABASE_URL 使用 PostgreSQL。',
        );
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`无法锁定数据目录 ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
