// Messages between the agent and its sandbox process (node IPC, 'advanced' serialization: the
// hook input string is copied once, never re-encoded as JSON inside JSON).
import type { HookOutcome } from './outcome.js';
import type { HookTask, PoolHostOptions } from './pool-host.js';

export type ToSandbox =
  | { t: 'init'; options: Omit<PoolHostOptions, 'onWarning'>; sandboxId: string }
  | { t: 'run'; id: number; task: HookTask }
  | { t: 'abort'; graceMs: number }
  | { t: 'close' };

export type FromSandbox =
  | { t: 'done'; id: number; outcome: HookOutcome }
  | { t: 'aborted' }
  | { t: 'warning'; message: string };

/** Every hook process of a sandbox carries this variable, so its processes can be found if the sandbox dies. */
export const SANDBOX_ID_VARIABLE = 'HOOKPOOL_SANDBOX_ID';
