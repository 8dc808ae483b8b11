// Where the real agents are: test/e2e/agents-install (installed by .ci/run with the pinned
// versions of its package.json), or the folder HOOKPOOL_E2E_AGENTS names; and whether an agent's
// tests are skipped when it is not there.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { AgentDriver } from './driver.js';

const INSTALL_DIR = resolve(import.meta.dirname, '..', 'agents-install');

/** The agent's executable in the pinned install, or null when it is not there. */
export function findAgentBinary(bin: string): string | null {
  const root = process.env.HOOKPOOL_E2E_AGENTS ?? INSTALL_DIR;
  const path = join(root, 'node_modules', '.bin', bin);
  return existsSync(path) ? path : null;
}

/**
 * True when the driver's agent is not installed, so its tests are skipped; when a missing agent
 * must fail the run instead (CI sets HOOKPOOL_E2E_REQUIRE_AGENTS=1), this throws.
 */
export function agentMissing(driver: Pick<AgentDriver, 'name' | 'binary'>): boolean {
  if (driver.binary !== null) return false;
  if (process.env.HOOKPOOL_E2E_REQUIRE_AGENTS === '1') throw new Error(`HOOKPOOL_E2E_REQUIRE_AGENTS=1 but ${driver.name} is not installed in test/e2e/agents-install`);
  return true;
}
