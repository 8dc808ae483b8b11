// Real files in a fresh temp directory for the configuration tests.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CONFIG_FIXTURES = fileURLToPath(new URL('../fixtures/configs/', import.meta.url));

/** A temp directory tree with a `home` and a `project`; `cleanup()` removes it. */
export interface TempTree {
  readonly home: string;
  readonly project: string;
  /** Writes a file (an object is written as JSON) and returns its absolute path. */
  write(path: string, content: unknown): Promise<string>;
  cleanup(): Promise<void>;
}

export async function createTempTree(): Promise<TempTree> {
  const root = await mkdtemp(join(tmpdir(), 'hookpool-config-'));
  const home = join(root, 'home');
  const project = join(root, 'project');
  await mkdir(home);
  await mkdir(project);
  return {
    home,
    project,
    async write(path, content) {
      const target = path.startsWith('/') ? path : join(root, path);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
      return target;
    },
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
}

/** A Claude Code settings document with one command hook per event. */
export function claudeSettings(byEvent: Record<string, { matcher?: string; command: string; timeout?: number }[]>, extra: object = {}): object {
  const hooks = Object.fromEntries(
    Object.entries(byEvent).map(([event, entries]) => [
      event,
      entries.map(({ matcher, command, timeout }) => ({ matcher, hooks: [{ type: 'command', command, timeout }] })),
    ]),
  );
  return { ...extra, hooks };
}
