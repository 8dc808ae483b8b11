// The optional OS sandbox of a hook, with bubblewrap: a read-only view of the system, writable
// only where the hook says, no network unless asked, and a PID namespace, so that even
// processes that setsid out of the hook's process group die with it. What would let a hook reach
// the user's keys or the host's services is taken away, since a read-only bind still lets a
// process connect() to a socket and read keys:
// - folders replaced by empty ones: /run, /var/run, /tmp, /var/tmp, $XDG_RUNTIME_DIR, and the
//   home folder: the agent's $HOME, this process's, and the user's real one from the password
//   database (a hook must not find ~/.ssh just because the agent was started with HOME=/elsewhere);
// - every Unix socket the host has bound to a path the hook could still see (in the project, under
//   `readable`, anywhere outside the folders above), listed in /proc/net/unix right before the
//   spawn, covered by /dev/null, so connect() finds no socket there;
// - abstract sockets (X11's, some D-Bus buses), which have no path: only a network namespace of
//   its own hides them, so a hook gets one unless it asks for `network: true`, which shares the
//   host's (127.0.0.1 included, which is why a hook that talks to a local server needs it).
// The project (the hook's working directory) is visible, read-only unless writable.
import { accessSync, constants, lstatSync, readFileSync, realpathSync } from 'node:fs';
import { homedir, userInfo } from 'node:os';
import { delimiter, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { SandboxPolicy } from '../model/hook-definition.js';
import type { SandboxView } from '../model/hook-outcome.js';

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

/** The folders every sandboxed hook of an agent gets empty ones instead of: worked out once per engine. */
export function hiddenFolders(agentEnv: NodeJS.ProcessEnv): string[] {
  const folders = ['/run', '/tmp', '/var/tmp'];
  // /var/run is usually a link to /run; a tmpfs cannot be mounted on a link.
  if (isRealFolder('/var/run')) folders.push('/var/run');
  const runtimeDir = agentEnv.XDG_RUNTIME_DIR;
  const homes = [agentEnv.HOME, process.env.HOME, homedir(), passwdHome()];
  for (const folder of [runtimeDir, ...homes]) {
    const real = realFolder(folder);
    if (real !== undefined && !isSystemFolder(real)) folders.push(real);
  }
  // One tmpfs per folder, none inside another (that one is empty already).
  const unique = [...new Set(folders)];
  return unique.filter((folder) => !unique.some((other) => other !== folder && isInside(folder, other)));
}

/**
 * bwrap arguments that run `file argv` confined by the policy, in `cwd`, with `hidden` replaced by
 * empty folders; and the view the socket check needs. The host's sockets are added by the worker,
 * right before the spawn (withHostSocketsHidden).
 */
export function bubblewrapArgs(policy: SandboxPolicy, cwd: string, file: string, argv: readonly string[], hidden: readonly string[]): { argv: string[]; view: SandboxView } {
  const args = ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--unshare-ipc'];
  for (const folder of hidden) args.push('--tmpfs', folder);
  args.push('--ro-bind', cwd, cwd);
  const readable = policy.readable.map((path) => resolve(cwd, path));
  const writable = policy.writable.map((path) => resolve(cwd, path));
  // The -try forms skip a path that does not exist instead of failing the whole hook.
  for (const path of readable) args.push('--ro-bind-try', path, path);
  for (const path of writable) args.push('--bind-try', path, path);
  if (!policy.network) args.push('--unshare-net');
  // The PID namespace ends with the hook: the kernel kills everything left in it.
  args.push('--unshare-pid', '--die-with-parent', '--new-session', '--chdir', cwd, '--', file, ...argv);
  return { argv: args, view: { hidden, shown: [cwd, ...readable, ...writable] } };
}

/**
 * The bwrap argv with every host socket the hook could see covered by /dev/null. Read right
 * before the spawn: a socket bound since the engine started (an ssh-agent, a dev server in the
 * project) is hidden too. A socket named exactly in `readable` or `writable` is the user's
 * choice and stays. Without /proc/net/unix (not Linux, or hidden) the folders alone hide them.
 */
export function withHostSocketsHidden(argv: readonly string[], view: SandboxView): readonly string[] {
  const covers: string[] = [];
  for (const path of hostSocketPaths()) {
    if (!isVisible(path, view) || view.shown.includes(path) || !isSocket(path)) continue;
    covers.push('--ro-bind', '/dev/null', path);
  }
  if (covers.length === 0) return argv;
  // After every bind (a cover must sit on top of the folder that shows it), before the command.
  const command = argv.indexOf('--');
  return [...argv.slice(0, command), ...covers, ...argv.slice(command)];
}

// Paths of the Unix sockets bound in this network namespace: the last column of /proc/net/unix
// (after the inode, which is the 7th); abstract ones start with '@' and have no path to cover.
function hostSocketPaths(): string[] {
  let table: string;
  try {
    table = readFileSync('/proc/net/unix', 'latin1');
  } catch {
    return [];
  }
  const paths = new Set<string>();
  for (const line of table.split('\n').slice(1)) {
    const path = line.replace(/^\s*(?:\S+\s+){7}/, '');
    if (path.startsWith('/')) paths.add(path);
  }
  return [...paths];
}

// Inside a folder bound back in, or outside every hidden one.
function isVisible(path: string, view: SandboxView): boolean {
  if (view.shown.some((folder) => isInside(path, folder))) return true;
  return !view.hidden.some((folder) => isInside(path, folder));
}

function isSocket(path: string): boolean {
  try {
    return lstatSync(path).isSocket();
  } catch {
    return false;
  }
}

// `path` is `folder` or below it.
function isInside(path: string, folder: string): boolean {
  const fromFolder = relative(folder, path);
  return fromFolder === '' || (fromFolder !== '..' && !fromFolder.startsWith(`..${sep}`) && !isAbsolute(fromFolder));
}

// A system account's home can be /, /bin or /usr/sbin: hiding it would hide the shell.
const SYSTEM_FOLDERS = ['/bin', '/sbin', '/usr', '/lib', '/lib32', '/lib64', '/etc', '/dev', '/proc', '/sys'];
function isSystemFolder(folder: string): boolean {
  return folder === '/' || SYSTEM_FOLDERS.some((system) => isInside(folder, system) || isInside(system, folder));
}

// The user's home folder as the password database says; HOME can say anything.
function passwdHome(): string | undefined {
  try {
    return userInfo().homedir;
  } catch {
    return undefined;
  }
}

// An existing folder's real path (a home behind a symbolic link is hidden where it really is).
function realFolder(path: string | undefined): string | undefined {
  if (path === undefined || !isAbsolute(path)) return undefined;
  try {
    const real = realpathSync(path);
    return lstatSync(real).isDirectory() ? real : undefined;
  } catch {
    return undefined;
  }
}

function isRealFolder(path: string): boolean {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}
