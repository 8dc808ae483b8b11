// A scratch directory per case run (the hooks' cwd, count and pid files), removed afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Runs `fn(dir)` with a fresh temporary directory and removes it afterwards. */
export async function withTempDir(fn) {
  const dir = mkdtempSync(join(tmpdir(), 'hookpool-bench-'));
  try {
    return await fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
