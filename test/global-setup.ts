// Every test run gets a temp folder of its own, and must leave it empty. TMPDIR points into it
// for the whole run (vitest's workers, the hooks and CLIs they start inherit it), so whatever a
// test makes with os.tmpdir() lands there, apart from other runs on the same machine; whatever
// is still there at the end is a test that did not clean up, and fails the run. Temp folders
// made elsewhere under /tmp/hookpool-* during the run are reported (other runs may have made them).
// Before that, dist/ is made current: the tests import src/, but what they start (the CLI, the
// pool's workers, the sandbox process) runs the build, so a bare `npx vitest` after an edit must
// never test an old dist/. scripts/build-stamp.js knows whether it is current; if not, it is built.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const SYSTEM_TMP = tmpdir();

function hookpoolFolders(): Set<string> {
  return new Set(readdirSync(SYSTEM_TMP).filter((name) => name.startsWith('hookpool-')));
}

/** Builds when dist/ is not the build of the sources as they are (the check says why on stderr). */
function buildWhenStale(): void {
  const check = spawnSync(process.execPath, ['scripts/build-stamp.js', 'check'], { cwd: ROOT, stdio: 'inherit' });
  if (check.status === 0) return;
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
}

export default function setup(): () => void {
  buildWhenStale();
  const before = hookpoolFolders();
  const root = mkdtempSync(join(SYSTEM_TMP, 'hookpool-test-run-'));
  process.env.TMPDIR = root;
  return function teardown() {
    process.env.TMPDIR = SYSTEM_TMP;
    const left = readdirSync(root);
    rmSync(root, { recursive: true, force: true });
    const elsewhere = [...hookpoolFolders()].filter((name) => !before.has(name) && join(SYSTEM_TMP, name) !== root);
    if (elsewhere.length > 0) console.warn(`temp folders created in ${SYSTEM_TMP} during the run, by these tests or others running beside them: ${elsewhere.join(', ')}`);
    if (left.length > 0) {
      // A throw here is only logged by vitest: the exit code is what fails CI.
      console.error(`tests left ${left.length} temp folders behind (removed now): ${left.join(', ')}`);
      process.exitCode = 1;
    }
  };
}
