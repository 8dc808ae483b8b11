// A throwaway project laid out the way a real one uses hookpool: the bundled example config at
// .hookpool/hooks.json and its scripts at .hookpool/hooks/, in a fresh temp directory.
import { cp, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXAMPLES_DIR } from '../../package-root.js';

export interface DemoProject {
  readonly dir: string;
  readonly configFile: string;
  /** Where the example notification hook appends (it writes under $TMPDIR, which the demo points here). */
  readonly notificationLog: string;
  readNotificationLog(): Promise<string[]>;
  remove(): Promise<void>;
}

export async function createDemoProject(): Promise<DemoProject> {
  const dir = await mkdtemp(join(tmpdir(), 'hookpool-demo-'));
  const configFile = join(dir, '.hookpool', 'hooks.json');
  await mkdir(join(dir, '.hookpool'));
  await cp(join(EXAMPLES_DIR, 'hooks'), join(dir, '.hookpool', 'hooks'), { recursive: true });
  await cp(join(EXAMPLES_DIR, 'hookpool.json'), configFile);
  const notificationLog = join(dir, 'hookpool-notifications.log');
  return {
    dir,
    configFile,
    notificationLog,
    readNotificationLog: () => readFile(notificationLog, 'utf8').then((text) => text.split('\n').filter(Boolean), () => []),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
