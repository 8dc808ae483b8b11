// Where a resident hookpool keeps its per-user state: the token clients authenticate with and one
// discovery record per project. Imports only node: modules and two dependency-free files: the
// client loads it on its hot path, so the record's name is an fnv1a64 hash, not node:crypto's.
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { fnv1a64 } from '../../io/fnv1a.js';
import { userConfigDir } from '../../config/user-config-dir.js';

/** `~/.config/hookpool`, beside the user's hooks and trust records. */
export function hookpoolConfigDir(env: NodeJS.ProcessEnv = process.env): string {
  return userConfigDir(env.HOME || homedir());
}

/** The per-user token file (0600) every request to a server must carry. */
export function serveTokenPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(hookpoolConfigDir(env), 'serve-token');
}

/** The folder of discovery records, one per project with a running server. */
export function serversDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(hookpoolConfigDir(env), 'servers');
}

/** The discovery record of a project: named by a hash of its absolute path (a name, not a secret: the folder is the user's own). */
export function serverRecordPath(projectDir: string, env: NodeJS.ProcessEnv = process.env): string {
  return join(serversDir(env), `${fnv1a64(resolve(projectDir))}.json`);
}
