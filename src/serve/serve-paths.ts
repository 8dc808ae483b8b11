// Where a resident hookpool keeps its per-user state: the token clients authenticate with and one
// discovery record per project. Imports only node: modules (the client loads it on its hot path).
import { createHash } from 'node:crypto';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** `$XDG_CONFIG_HOME/hookpool`, else `~/.config/hookpool`. */
export function hookpoolConfigDir(env: NodeJS.ProcessEnv = process.env): string {
  const config = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config');
  return join(config, 'hookpool');
}

/** The per-user token file (0600) every request to a server must carry. */
export function serveTokenPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(hookpoolConfigDir(env), 'serve-token');
}

/** The folder of discovery records, one per project with a running server. */
export function serversDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(hookpoolConfigDir(env), 'servers');
}

/** The discovery record of a project: named by a hash of its absolute path. */
export function serverRecordPath(projectDir: string, env: NodeJS.ProcessEnv = process.env): string {
  const key = createHash('sha256').update(resolve(projectDir)).digest('hex').slice(0, 24);
  return join(serversDir(env), `${key}.json`);
}
