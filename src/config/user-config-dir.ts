// The one folder of the user's own hookpool files (hooks, trust, policy, switches, the server's
// token and records): `~/.config/hookpool`. Imports only node:path (the client loads it).
import { join } from 'node:path';

export function userConfigDir(home: string): string {
  return join(home, '.config', 'hookpool');
}
