// Whether a file journal still describes the disk: each path is looked at again by the very
// reader that noted it, so a fingerprint differs exactly when the loader would see something else.
import type { FileObservation, ObservationKind } from '../../config/file-journal.js';
import { isFolder, listFolder } from '../../config/folders.js';
import { fingerprintFileBytes, readFileBytes } from '../../config/read-file-bytes.js';
import { fingerprintRegularFile } from '../../trust/hash-regular-file.js';

const OBSERVE: Record<ObservationKind, (path: string) => Promise<string>> = {
  'config-file': async (path) => fingerprintFileBytes(await readFileBytes(path, { userLevel: false })),
  'user-file': async (path) => fingerprintFileBytes(await readFileBytes(path, { userLevel: true })),
  script: fingerprintRegularFile,
  'folder-listing': async (path) => JSON.stringify(await listFolder(path)),
  folder: async (path) => String(await isFolder(path)),
};

/** True when every observation would be made again the same; false at the first doubt. */
export async function isJournalCurrent(observations: readonly FileObservation[]): Promise<boolean> {
  const now = await Promise.all(observations.map((entry) => {
    const observe = Object.hasOwn(OBSERVE, entry.kind) ? OBSERVE[entry.kind] : undefined;
    return observe === undefined ? Promise.resolve(null) : observe(entry.path).catch(() => null);
  }));
  return observations.every((entry, index) => now[index] === entry.fingerprint);
}
