// Where a project's resident server is found by the user's own processes only: its record (port,
// pids) under ~/.config/hookpool/servers, and its Unix sockets in a 0700 runtime folder
// ($XDG_RUNTIME_DIR/hookpool, else ~/.config/hookpool/run, else /tmp/hookpool-<uid> when a socket
// path there would be too long for the kernel). Imports only node: modules and dependency-free
// files: the client loads it on every call, so names are an fnv1a64 hash, not node:crypto's.
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { fnv1a64 } from '../../io/fnv1a.js';
import { userConfigDir } from '../../config/user-config-dir.js';

// sun_path holds 108 bytes with its NUL; a little room is kept for the longer worker name.
const MAX_SOCKET_PATH = 100;

/** `~/.config/hookpool`, beside the user's hooks and trust records. */
export function hookpoolConfigDir(env: NodeJS.ProcessEnv = process.env): string {
  return userConfigDir(env.HOME || homedir());
}

/** The folder of discovery records, one per project with a running server. */
export function serversDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(hookpoolConfigDir(env), 'servers');
}

/** A project's name in the user's state: a hash of its absolute path (a name, not a secret). */
export function projectKey(projectDir: string): string {
  return fnv1a64(resolve(projectDir));
}

/** The discovery record of a project's server. */
export function serverRecordPath(projectDir: string, env: NodeJS.ProcessEnv = process.env): string {
  return join(serversDir(env), `${projectKey(projectDir)}.json`);
}

/** The folder of the user's server sockets (made 0700 and checked before use: private-dir.ts). */
export function runtimeDir(env: NodeJS.ProcessEnv = process.env): string {
  const candidates = [env.XDG_RUNTIME_DIR ? join(env.XDG_RUNTIME_DIR, 'hookpool') : null, join(hookpoolConfigDir(env), 'run')];
  const fits = candidates.find((dir) => dir !== null && join(dir, `${'0'.repeat(16)}.worker.sock`).length <= MAX_SOCKET_PATH);
  return fits ?? join('/tmp', `hookpool-${process.getuid?.() ?? 'user'}`);
}

/** The socket clients call the project's server on. */
export function serverSocketPath(projectDir: string, env: NodeJS.ProcessEnv = process.env): string {
  return join(runtimeDir(env), `${projectKey(projectDir)}.sock`);
}

/** The socket the server's worker answers its supervisor's connections on. */
export function workerSocketPath(projectDir: string, env: NodeJS.ProcessEnv = process.env): string {
  return join(runtimeDir(env), `${projectKey(projectDir)}.worker.sock`);
}
