// The two folder look-ups configuration loading makes, each noted in the file journal.
import { readdir, stat } from '../io/fs-async.js';
import { noteFileObservation } from './file-journal.js';

/** The names in a folder, sorted; none when it cannot be listed. */
export async function listFolder(folder: string): Promise<string[]> {
  const names = await readdir(folder).then((found) => found.sort(), () => []);
  noteFileObservation('folder-listing', folder, JSON.stringify(names));
  return names;
}

/** Whether the path is a folder (following links). */
export async function isFolder(path: string): Promise<boolean> {
  const folder = await stat(path).then((info) => info.isDirectory(), () => false);
  noteFileObservation('folder', path, String(folder));
  return folder;
}
