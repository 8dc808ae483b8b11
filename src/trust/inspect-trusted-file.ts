// Whether a file the user once trusted is still trusted now, for `hookpool trust --list`: the same
// comparison the loader makes, for any recorded file, whichever project it belongs to.
import { basename, dirname } from 'node:path';
import { readHooksDocument } from '../config/layouts/read-hooks-document.js';
import { readConfigFile } from '../config/read-config-file.js';
import { hashReferencedFiles } from './referenced-files.js';
import { describeTrustChanges } from './trust-changes.js';
import type { TrustRecord } from './trust-store.js';

/** `trusted`: its hooks run as they are; `changed`: the file or a script differs; `missing`: the file is gone. */
export type TrustStatus = 'trusted' | 'changed' | 'missing';

export interface TrustedFileState {
  readonly path: string;
  readonly status: TrustStatus;
  readonly trustedAt: string | null;
  /** The scripts recorded with it (absolute paths); null when an earlier hookpool did not record them. */
  readonly referenced: readonly string[] | null;
  /** What differs now (see TrustRequest.changes). */
  readonly changes: readonly string[];
}

// The project a discovered hook file belongs to: `<root>/.hookpool/hooks.json`, `<root>/.claude/settings*.json`.
function projectDirOf(path: string): string {
  return dirname(dirname(path));
}

export async function inspectTrustedFile(path: string, record: TrustRecord): Promise<TrustedFileState> {
  const base = { path, trustedAt: record.trustedAt, referenced: record.referenced === null ? null : Object.keys(record.referenced) };
  const read = await readConfigFile(path, { userLevel: false });
  if (read.status === 'missing') return { ...base, status: 'missing', changes: [] };
  if (read.status === 'failed') return { ...base, status: 'changed', changes: [`the file cannot be loaded (${read.reason})`] };
  const projectDir = projectDirOf(path);
  const claudeSettings = basename(dirname(path)) === '.claude';
  let referenced: Record<string, string>;
  try {
    const { hooks } = readHooksDocument(read.value, { file: path, claudeSettings });
    referenced = await hashReferencedFiles(hooks, projectDir);
  } catch (error) {
    return { ...base, status: 'changed', changes: [`the file cannot be loaded (${(error as Error).message})`] };
  }
  const changes = describeTrustChanges(record, { sha256: read.sha256, referenced }, projectDir);
  return { ...base, status: changes.length === 0 ? 'trusted' : 'changed', changes };
}
