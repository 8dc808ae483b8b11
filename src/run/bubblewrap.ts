// The optional OS sandbox of a hook, with bubblewrap: a read-only view of the system, writable
// only where the hook says, no network unless asked, and a PID namespace, so that even
// processes that setsid out of the hook's process group die with it.
import { accessSync, constants } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import type { SandboxPolicy } from '../config/model.js';

export const MISSING_BWRAP = 'this hook asks for a sandbox, which needs bubblewrap (bwrap) on PATH: install the Debian/Ubuntu package "bubblewrap"';

/** The absolute path of an executable on a PATH, or undefined. */
export function findExecutable(name: string, path: string | undefined): string | undefined {
  for (const folder of (path ?? '').split(delimiter)) {
    if (folder === '') continue;
    const candidate = join(folder, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** bwrap arguments that run `file argv` confined by the policy, in `cwd`. */
export function bubblewrapArgs(policy: SandboxPolicy, cwd: string, file: string, argv: readonly string[]): string[] {
  const args = ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp'];
  for (const writable of policy.writable) {
    const path = resolve(cwd, writable);
    args.push('--bind', path, path);
  }
  if (!policy.network) args.push('--unshare-net');
  // The PID namespace ends with the hook: the kernel kills everything left in it.
  args.push('--unshare-pid', '--die-with-parent', '--new-session', '--chdir', cwd, '--', file, ...argv);
  return args;
}
