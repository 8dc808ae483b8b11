// Where the real agents are: test/e2e/agents-install (installed by .ci/run with the pinned
// versions of its package.json), or the folder HOOKPOOL_E2E_AGENTS names.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const INSTALL_DIR = resolve(import.meta.dirname, '..', 'agents-install');

/** The agent's executable in the pinned install, or null when it is not there. */
export function findAgentBinary(bin: string): string | null {
  const root = process.env.HOOKPOOL_E2E_AGENTS ?? INSTALL_DIR;
  const path = join(root, 'node_modules', '.bin', bin);
  return existsSync(path) ? path : null;
}

/** True when a missing agent must fail the run instead of skipping its tests (CI sets it). */
export function agentsRequired(): boolean {
  return process.env.HOOKPOOL_E2E_REQUIRE_AGENTS === '1';
}
