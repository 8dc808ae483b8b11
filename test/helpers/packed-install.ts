// hookpool as a user gets it: the tarball `npm pack` makes of this checkout, and npm run as a user
// runs it. The tarball is packed from the current build (`npm test` builds first); --ignore-scripts
// keeps `prepack` from rebuilding dist/ under the other tests.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));

/** The environment without npm's own variables, which an enclosing `npm test` sets and which would redirect installs. */
export function npmEnv(): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_')));
}

export interface PackedTarball {
  readonly tarball: string;
  /** The paths the tarball holds, relative to the package root. */
  readonly files: readonly string[];
}

/** Packs the checkout into `folder`. */
export async function packTarball(folder: string): Promise<PackedTarball> {
  const packed = await execa('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', folder], { cwd: REPO, env: npmEnv(), extendEnv: false });
  const [info] = JSON.parse(packed.stdout) as [{ filename: string; files: { path: string }[] }];
  return { tarball: join(folder, info.filename), files: info.files.map((file) => file.path) };
}
