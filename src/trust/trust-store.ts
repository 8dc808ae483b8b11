// The user's record of which project hook files they approved: one content hash per file, in
// their own config directory, where a repository cannot write.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

export function defaultTrustStorePath(home: string): string {
  return join(home, '.config', 'hookpool', 'trusted.json');
}

export class TrustStore {
  private constructor(
    readonly path: string,
    private readonly hashes: Map<string, string>,
  ) {}

  /** Opens the store; a missing or unreadable one is empty (nothing trusted), never an error. */
  static async open(path: string): Promise<TrustStore> {
    try {
      const parsed = JSON.parse(await readFile(path, 'utf8')) as { files?: Record<string, unknown> };
      const entries = Object.entries(parsed.files ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
      return new TrustStore(path, new Map(entries));
    } catch {
      return new TrustStore(path, new Map());
    }
  }

  /** 'trusted' for the exact content recorded, 'changed' when another content was, else 'unknown'. */
  check(file: string, sha256: string): 'trusted' | 'changed' | 'unknown' {
    const recorded = this.hashes.get(file);
    if (recorded === undefined) return 'unknown';
    return recorded === sha256 ? 'trusted' : 'changed';
  }

  /** Records a file's content as trusted and writes the store (atomically: a temp file, then rename). */
  async trust(file: string, sha256: string): Promise<void> {
    this.hashes.set(file, sha256);
    await mkdir(dirname(this.path), { recursive: true });
    const temporary = `${this.path}.${process.pid}.tmp`;
    await writeFile(temporary, `${JSON.stringify({ files: Object.fromEntries(this.hashes) }, null, 2)}\n`, { mode: 0o600 });
    await rename(temporary, this.path);
  }
}
