// The user's record of which project hook files they approved: one content hash per file.
import { readUserRecord, userRecordPath, writeUserRecord } from '../config/user-record.js';

export function defaultTrustStorePath(home: string): string {
  return userRecordPath(home, 'trusted.json');
}

export class TrustStore {
  private constructor(
    readonly path: string,
    private readonly hashes: Map<string, string>,
  ) {}

  /** Opens the store; a missing or unreadable one is empty (nothing trusted), never an error. */
  static async open(path: string): Promise<TrustStore> {
    return new TrustStore(path, await readUserRecord(path, 'files'));
  }

  /** 'trusted' for the exact content recorded, 'changed' when another content was, else 'unknown'. */
  check(file: string, sha256: string): 'trusted' | 'changed' | 'unknown' {
    const recorded = this.hashes.get(file);
    if (recorded === undefined) return 'unknown';
    return recorded === sha256 ? 'trusted' : 'changed';
  }

  /** Records a file's content as trusted and writes the store. */
  async trust(file: string, sha256: string): Promise<void> {
    this.hashes.set(file, sha256);
    await writeUserRecord(this.path, 'files', this.hashes);
  }
}
