// Whether the hooks of a configuration file may run. Project files come with a repository and
// could run anything the moment it is opened, so they run only once the user approved that
// exact content; user-level and explicitly named files are the user's own choice.
import type { ConfigScope } from '../config/discover.js';
import type { NativeHookInput } from '../config/native-schema.js';
import type { TrustStore } from './trust-store.js';

/** `prompt`: project files need approval (recorded, or given by `confirmTrust`); `all`: trust everything; `none`: project hooks never run. */
export type TrustMode = 'prompt' | 'all' | 'none';

/** A project file waiting for approval, as shown to the agent's own UI. */
export interface TrustRequest {
  path: string;
  sha256: string;
  hooks: readonly NativeHookInput[];
  /** The file was trusted before with other content. */
  changed: boolean;
}

/** The agent's UI: true to run the file's hooks (the approval is recorded). */
export type ConfirmTrust = (request: TrustRequest) => boolean | Promise<boolean>;

export interface TrustPolicy {
  mode: TrustMode;
  store: TrustStore;
  confirm: ConfirmTrust | undefined;
}

/** Why a file's hooks may not run, or null when they may. */
export async function untrustedReason(scope: ConfigScope, request: Omit<TrustRequest, 'changed'>, policy: TrustPolicy): Promise<string | null> {
  if (scope !== 'project' && scope !== 'local') return null;
  if (policy.mode === 'all') return null;
  if (policy.mode === 'none') return 'project hooks are off (trust: "none")';
  const state = policy.store.check(request.path, request.sha256);
  if (state === 'trusted') return null;
  if (policy.confirm !== undefined && (await policy.confirm({ ...request, changed: state === 'changed' }))) {
    await policy.store.trust(request.path, request.sha256);
    return null;
  }
  return state === 'changed'
    ? 'changed since you trusted it; review it, then run `hookpool trust`'
    : 'not trusted yet; review it, then run `hookpool trust`';
}
