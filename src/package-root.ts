// The installed package's own directory (for the bundled examples and the version), found by
// walking up from this file: the same code runs from dist/ and from a checkout.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findPackageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!isHookpoolPackage(dir)) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('cannot find the hookpool package directory');
    dir = parent;
  }
  return dir;
}

function isHookpoolPackage(dir: string): boolean {
  const manifest = join(dir, 'package.json');
  if (!existsSync(manifest)) return false;
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'hookpool';
}

export const PACKAGE_ROOT = findPackageRoot();

export const PACKAGE_VERSION = (JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** The bundled examples: the demo's config and hook scripts. */
export const EXAMPLES_DIR = join(PACKAGE_ROOT, 'examples');

/** The `hookpool` executable (the bundled CLI), for the processes hookpool starts itself. */
export const HOOKPOOL_EXECUTABLE = join(PACKAGE_ROOT, 'dist', 'src', 'cli', 'hookpool.cjs');

/** The `hookpool-client` executable. */
export const HOOKPOOL_CLIENT_EXECUTABLE = join(PACKAGE_ROOT, 'dist', 'src', 'client', 'hookpool-client.cjs');
