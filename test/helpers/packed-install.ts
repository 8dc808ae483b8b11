// hookpool as a user gets it: the tarball `npm pack` makes of this checkout, and npm run as a user
// runs it. The tarball is packed from the current build (`npm test` builds first); --ignore-scripts
// keeps `prepack` from rebuilding dist/ under the other tests.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The environment npm gets: none of npm's own variables (an enclosing `npm test` sets them, and
 * they would redirect installs), and a temp folder in the test's own `folder` (npm on Node 22 and
 * later keeps its module compile cache in the temp folder).
 */
export function npmEnv(folder: string): Record<string, string | undefined> {
  const tmp = join(folder, 'npm-tmp');
  mkdirSync(tmp, { recursive: true });
  return { ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_'))), TMPDIR: tmp };
}

export interface PackedTarball {
  readonly tarball: string;
  /** The paths the tarball holds, relative to the package root. */
  readonly files: readonly string[];
}

/** Packs the checkout into `folder`. */
export async function packTarball(folder: string): Promise<PackedTarball> {
  const packed = await execa('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', folder], { cwd: REPO, env: npmEnv(folder), extendEnv: false });
  const [info] = JSON.parse(packed.stdout) as [{ filename: string; files: { path: string }[] }];
  return { tarball: join(folder, info.filename), files: info.files.map((file) => file.path) };
}
