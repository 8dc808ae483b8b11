// When hookpool is itself a hook of Claude Code (or of an agent that speaks its protocol) on
// SessionStart, Setup, CwdChanged or FileChanged, its caller gave it a CLAUDE_ENV_FILE: the
// `export` lines hookpool's hooks wrote to theirs are appended there, so the caller sources them.
import { appendFile } from '../io/fs-async.js';
import type { FireResult } from '../model/fire-result.js';

/** The fire with its exports appended to `envFile` (the caller's CLAUDE_ENV_FILE), a failure to do so among its hookErrors. */
export async function withForwardedExports(result: FireResult, envFile: string | undefined = process.env.CLAUDE_ENV_FILE): Promise<FireResult> {
  const problem = await forwardEnvironmentExports(result, envFile);
  return problem === null ? result : { ...result, hookErrors: [...result.hookErrors, { id: 'hookpool', message: problem }] };
}

async function forwardEnvironmentExports(result: FireResult, target: string | undefined): Promise<string | null> {
  if (result.environmentExports === null || target === undefined || target === '') return null;
  try {
    await appendFile(target, result.environmentExports);
    return null;
  } catch (error) {
    return `cannot append the hooks' exports to CLAUDE_ENV_FILE ${target}: ${(error as Error).message}`;
  }
}
