// When hookpool is itself a hook of Claude Code (or of an agent that speaks its protocol) on
// SessionStart, Setup, CwdChanged or FileChanged, its caller gave it a CLAUDE_ENV_FILE: the
// `export` lines hookpool's hooks wrote to theirs are appended there, so the caller sources them.
import { appendFile } from '../config/fs-async.js';
import type { FireResult } from '../aggregate/fire-result.js';

/** Appends the fire's exports to the caller's CLAUDE_ENV_FILE, if it gave one; a failure is returned as a line for stderr. */
export async function forwardEnvironmentExports(result: FireResult, env: NodeJS.ProcessEnv = process.env): Promise<string | null> {
  const target = env.CLAUDE_ENV_FILE;
  if (result.environmentExports === null || target === undefined || target === '') return null;
  try {
    await appendFile(target, result.environmentExports);
    return null;
  } catch (error) {
    return `cannot append the hooks' exports to CLAUDE_ENV_FILE ${target}: ${(error as Error).message}`;
  }
}
