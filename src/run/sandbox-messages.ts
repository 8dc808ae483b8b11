// Messages between the agent and its sandbox process (node IPC, 'advanced' serialization: the
// hook input string is copied once, never re-encoded as JSON inside JSON).
import type { HookOutcome } from '../model/hook-outcome.js';
import type { HookTask, PoolHostOptions } from './pool-host.js';

export type ToSandbox =
  | { t: 'init'; options: Omit<PoolHostOptions, 'onWarning'>; sandboxId: string }
  | { t: 'run'; id: number; task: HookTask }
  | { t: 'abort'; graceMs: number }
  /** The agent's watchdog asks whether the sandbox still answers (only while it waits on it). */
  | { t: 'ping' }
  | { t: 'close' };

export type FromSandbox =
  | { t: 'done'; id: number; outcome: HookOutcome }
  | { t: 'aborted' }
  | { t: 'pong' }
  | { t: 'warning'; message: string };

/** Every hook process of a sandbox carries this variable, so its processes can be found if the sandbox dies. */
export const SANDBOX_ID_VARIABLE = 'HOOKPOOL_SANDBOX_ID';

// What the sandbox process is started with: what node needs to start, nothing of the agent's
// own. Hooks get their environments over IPC (baseEnvByHook), so the sandbox needs none; and
// a hook can read its parent's, /proc/$PPID/environ, so the agent's secrets must not be there.
// PATH holds no secret and lets anything resolve a program by name; LD_LIBRARY_PATH is how some
// node installs find their shared libraries. NODE_OPTIONS is left out on purpose: it would load
// the agent's preloads (--require, --import) into the sandbox.
const SANDBOX_ENV_NAMES = ['PATH', 'LD_LIBRARY_PATH'] as const;

/** The sandbox process's environment, from the agent's. */
export function sandboxEnvironment(agentEnv: NodeJS.ProcessEnv): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of SANDBOX_ENV_NAMES) {
    const value = agentEnv[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}
