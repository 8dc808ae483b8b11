// CLAUDE_ENV_FILE for one fire: a private folder with one empty file per hook, named in that
// hook's environment. Hooks append `export NAME=value` lines; the engine hands the text back to
// the agent as it is (it sources it before each Bash command, as Claude Code does: no shell is
// parsed here) and removes the folder once every hook of the fire has settled.
import { close, fstat, mkdtemp, open, read, rm, writeFile } from '../io/fs-async.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EngineLogger } from './engine-logger.js';

/** What is read of one hook's file; a hook writing more is cut there, with a warning. */
export const MAX_ENV_FILE_BYTES = 1024 * 1024;

/**
 * The files of one fire, one per hook (`K`: the engine's planned hook), or undefined (logged)
 * when the temp folder cannot be written: the hooks then run without CLAUDE_ENV_FILE.
 */
export async function openEnvFiles<K>(event: string, hooks: readonly K[], logger: EngineLogger): Promise<EnvFiles<K> | undefined> {
  try {
    return await EnvFiles.create(event, hooks);
  } catch (error) {
    logger.warn({ event }, `cannot create CLAUDE_ENV_FILE (${(error as Error).message}); the hooks run without it`);
    return undefined;
  }
}

export class EnvFiles<K> {
  private holders = 1;
  private removed: Promise<void> | undefined;

  private constructor(
    private readonly dir: string,
    private readonly paths: ReadonlyMap<K, string>,
  ) {}

  /** Creates the folder (0700) and the files (0600). Rejects when the temp folder cannot be written. */
  static async create<K>(event: string, hooks: readonly K[]): Promise<EnvFiles<K>> {
    const dir = await mkdtemp(join(tmpdir(), 'hookpool-env-'));
    const paths = new Map(hooks.map((hook, index) => [hook, join(dir, `${event.toLowerCase()}-hook-${index}.sh`)]));
    try {
      await Promise.all([...paths.values()].map((path) => writeFile(path, '', { mode: 0o600, flag: 'wx' })));
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      throw error;
    }
    return new EnvFiles(dir, paths);
  }

  /** The file named in this hook's CLAUDE_ENV_FILE. */
  pathOf(hook: K): string | undefined {
    return this.paths.get(hook);
  }

  /** One more reader that must finish before the folder goes (a background hook). */
  hold(): void {
    this.holders++;
  }

  /**
   * The text of these hooks' files, in that order, each ending with a newline; null when they are
   * all empty. `cut` lists the files longer than MAX_ENV_FILE_BYTES.
   */
  async read(hooks: readonly K[]): Promise<{ text: string | null; cut: string[] }> {
    const files = hooks.map((hook) => this.paths.get(hook)!);
    const parts = await Promise.all(files.map(readCapped));
    const cut = files.filter((_, index) => parts[index]!.cut);
    const text = parts.map((part) => part.text).filter((part) => part.trim() !== '').map((part) => (part.endsWith('\n') ? part : `${part}\n`)).join('');
    return { text: text === '' ? null : text, cut };
  }

  /** A reader is done; the last one removes the folder. */
  release(): Promise<void> {
    if (--this.holders > 0) return Promise.resolve();
    this.removed ??= rm(this.dir, { recursive: true, force: true });
    return this.removed;
  }
}

async function readCapped(path: string): Promise<{ text: string; cut: boolean }> {
  const fd = await open(path, 'r').catch(() => undefined);
  if (fd === undefined) return { text: '', cut: false };
  try {
    const { size } = await fstat(fd);
    const buffer = Buffer.alloc(Math.min(size, MAX_ENV_FILE_BYTES) + 1);
    const { bytesRead } = await read(fd, buffer, 0, buffer.length, 0);
    return { text: buffer.subarray(0, Math.min(bytesRead, MAX_ENV_FILE_BYTES)).toString('utf8'), cut: size > MAX_ENV_FILE_BYTES };
  } finally {
    await close(fd);
  }
}
