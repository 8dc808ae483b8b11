// Whether dist/ holds the build of the sources as they are now, so that `npm start` and `npm test`
// never run an old build: in a fresh clone (`npm install` builds nothing: the package ships no
// install script) or after an edit, they build first.
//   begin (prebuild)   forgets the last build and notes what this one reads
//   end (postbuild)    the build succeeded: dist/ is the build of what `begin` noted
//   check              exit 0 when dist/ is current; else one line saying why, and exit 1
// What the build reads: tsconfig.json's "include" folders, the build scripts, and the manifest and
// lockfile (the bundles inline dependencies and the package version). The fingerprint hashes their
// paths and contents, so a checkout that only touches mtimes rebuilds nothing.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'jsonc-parser';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const STAMP = join(ROOT, 'dist', '.build-stamp');
const PENDING = `${STAMP}.pending`;

function inputs() {
  const { include } = parse(readFileSync(join(ROOT, 'tsconfig.json'), 'utf8'));
  return [...include, 'scripts', 'tsconfig.json', 'package.json', 'package-lock.json'].map((path) => join(ROOT, path));
}

function filesUnder(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { recursive: true })
    .map((name) => join(path, name))
    .filter((file) => statSync(file).isFile());
}

function fingerprint() {
  const hash = createHash('sha256');
  for (const file of inputs().flatMap(filesUnder).sort()) {
    hash.update(`${relative(ROOT, file)}\0`).update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

function recorded(file) {
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

const [command] = process.argv.slice(2);
switch (command) {
  case 'begin':
    rmSync(STAMP, { force: true });
    mkdirSync(dirname(PENDING), { recursive: true });
    writeFileSync(PENDING, fingerprint());
    break;
  case 'end':
    renameSync(PENDING, STAMP);
    break;
  case 'check': {
    const built = recorded(STAMP);
    if (built === fingerprint()) break;
    console.error(built === undefined ? 'dist/ holds no complete build: building' : 'dist/ was built from other sources: building');
    process.exitCode = 1;
    break;
  }
  default:
    console.error(`usage: node scripts/build-stamp.js begin|end|check (got ${command ?? 'nothing'})`);
    process.exitCode = 2;
}
