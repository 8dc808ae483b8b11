// The user's record of which project hook files they approved: per file, the hash of its content
// and of every project file its hooks run, and when. Kept in ~/.config/hookpool/trusted.json.
import { HookpoolError } from '../errors.js';
import { isPlainObject } from '../config/layouts/shared.js';
import { readUserRecord, userRecordPath, writeUserRecord } from '../config/user-record.js';

export function defaultTrustStorePath(home: string): string {
  return userRecordPath(home, 'trusted.json');
}

/** What the user approved for one file. */
export interface TrustRecord {
  readonly sha256: string;
  /** SHA-256 of each project file the hooks run, by absolute path; null when not recorded (a bare hash written by an earlier hookpool). */
  readonly referenced: Readonly<Record<string, string>> | null;
  /** ISO time of the approval; null when not recorded. */
  readonly trustedAt: string | null;
}

export class TrustStore {
  private constructor(
    readonly path: string,
    private readonly records: Map<string, TrustRecord>,
    /** Why the store was ignored (refused, or not valid JSON): then nothing is trusted. */
    readonly problem: string | null,
  ) {}

  /** Opens the store; missing is empty; refused or invalid is empty with a `problem` line (nothing trusted). */
  static async open(path: string): Promise<TrustStore> {
    const record = await readUserRecord(path, 'files');
    const problem = record.problem === null ? null : `${record.problem}; until then no project hook file is trusted`;
    const records = new Map<string, TrustRecord>();
    for (const [file, value] of record.entries) {
      const parsed = parseRecord(value);
      if (parsed !== undefined) records.set(file, parsed);
    }
    return new TrustStore(path, records, problem);
  }

  /** The approval recorded for `file`, if any. */
  get(file: string): TrustRecord | undefined {
    return this.records.get(file);
  }

  /** Every approval, by file path. */
  entries(): [string, TrustRecord][] {
    return [...this.records];
  }

  /**
   * 'trusted' when the file's content and every recorded referenced file's are as approved,
   * 'changed' when something differs (or the scripts were not recorded), 'unknown' when never approved.
   */
  check(file: string, sha256: string, referenced: Readonly<Record<string, string>> = {}): 'trusted' | 'changed' | 'unknown' {
    const recorded = this.records.get(file);
    if (recorded === undefined) return 'unknown';
    const same = recorded.sha256 === sha256 && recorded.referenced !== null && sameHashes(recorded.referenced, referenced);
    return same ? 'trusted' : 'changed';
  }

  /** Records a file's content, and the scripts it runs, as trusted; writes the store. */
  async trust(file: string, sha256: string, referenced: Readonly<Record<string, string>> = {}): Promise<void> {
    this.assertWritable();
    this.records.set(file, { sha256, referenced: { ...referenced }, trustedAt: new Date().toISOString() });
    await this.write();
  }

  /** Forgets the approval of each file; returns those that had one. Writes the store when any did. */
  async revoke(files: readonly string[]): Promise<string[]> {
    this.assertWritable();
    const revoked = files.filter((file) => this.records.delete(file));
    if (revoked.length > 0) await this.write();
    return revoked;
  }

  private assertWritable(): void {
    if (this.problem !== null) throw new HookpoolError('ERR_HOOKPOOL_CONFIG_WRITE', this.problem);
  }

  private write(): Promise<void> {
    return writeUserRecord(this.path, 'files', new Map([...this.records].map(([file, record]) => [file, recordAsJson(record)])));
  }
}

function parseRecord(value: unknown): TrustRecord | undefined {
  if (typeof value === 'string') return { sha256: value, referenced: null, trustedAt: null };
  if (!isPlainObject(value) || typeof value.sha256 !== 'string') return undefined;
  const referenced = isPlainObject(value.referenced) && Object.values(value.referenced).every((hash) => typeof hash === 'string')
    ? (value.referenced as Record<string, string>)
    : null;
  return { sha256: value.sha256, referenced, trustedAt: typeof value.trustedAt === 'string' ? value.trustedAt : null };
}

// An approval from an earlier hookpool stays a bare hash, which still reads as "scripts not recorded".
function recordAsJson(record: TrustRecord): unknown {
  if (record.referenced === null) return record.sha256;
  return { sha256: record.sha256, referenced: record.referenced, trustedAt: record.trustedAt };
}

function sameHashes(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}
