// Finds a tool the way a project would run it: its own node_modules/.bin first, then PATH.
import { access, constants } from 'node:fs/promises';
import { delimiter, join } from 'node:path';

/** The absolute path of `name` in `<projectDir>/node_modules/.bin` or on `PATH`, or null when absent. */
export async function findExecutable(name: string, projectDir: string, env: Readonly<Record<string, string>>): Promise<string | null> {
  const folders = [join(projectDir, 'node_modules', '.bin'), ...(env.PATH ?? '').split(delimiter).filter((folder) => folder !== '')];
  for (const folder of folders) {
    const candidate = join(folder, name);
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here; keep looking
    }
  }
  return null;
}
