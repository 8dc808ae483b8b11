// An advisory lock beside a user's file, so hookpool commands editing it at once take turns
// (six concurrent `hookpool add` runs used to lose updates): a `<file>.hookpool-lock` made with
// O_EXCL holding the owner's pid; a lock whose owner is gone, or older than STALE_MS, is broken.
import { open, readFile, rm, stat } from 'node:fs/promises';
import { HookpoolError } from '../../errors.js';

const STALE_MS = 30_000;
const WAIT_MS = 10_000;

/** Runs `work` while holding the lock of `target`; throws ERR_HOOKPOOL_CONFIG_WRITE when it cannot be had within WAIT_MS. */
export async function withFileLock<T>(target: string, where: string, work: () => Promise<T>): Promise<T> {
  const lock = `${target}.hookpool-lock`;
  const deadline = Date.now() + WAIT_MS;
  for (let delayMs = 5; ; delayMs = Math.min(delayMs * 2, 200)) {
    if (await tryLock(lock, where)) break;
    if (await isStale(lock)) await rm(lock, { force: true });
    else if (Date.now() > deadline) throw new HookpoolError('ERR_HOOKPOOL_CONFIG_WRITE', `${where}: another program holds ${lock}; try again, or remove it if nothing is editing the file`);
    else await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
  try {
    return await work();
  } finally {
    await rm(lock, { force: true });
  }
}

async function tryLock(lock: string, where: string): Promise<boolean> {
  try {
    const handle = await open(lock, 'wx', 0o600);
    await handle.writeFile(String(process.pid));
    await handle.close();
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw new HookpoolError('ERR_HOOKPOOL_CONFIG_WRITE', `${where}: cannot be written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); the file is unchanged`);
  }
}

async function isStale(lock: string): Promise<boolean> {
  const [owner, info] = await Promise.all([readFile(lock, 'utf8').catch(() => ''), stat(lock).catch(() => undefined)]);
  if (info === undefined) return false;
  if (Date.now() - info.mtimeMs > STALE_MS) return true;
  const pid = Number(owner);
  if (!Number.isInteger(pid) || pid <= 0) return Date.now() - info.mtimeMs > 1_000;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
