// Which project a command is about when --cwd does not say: Claude Code's CLAUDE_PROJECT_DIR
// when set, else the nearest folder at or above the start that holds hook configuration,
// looking no higher than the repository root (the first folder with .git) or the home folder.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

// What marks a folder as a project with hooks; ~/.claude is the user's own, never a project.
const PROJECT_MARKERS = [join('.hookpool', 'hooks.json'), join('.claude', 'settings.json'), join('.claude', 'settings.local.json'), join('.opta', 'config.json')];

/** The project directory for a start folder (the payload's cwd, or the current directory). */
export function findProjectDir(start: string, env: NodeJS.ProcessEnv = process.env, home: string = homedir()): string {
  if (env.CLAUDE_PROJECT_DIR) return resolve(env.CLAUDE_PROJECT_DIR);
  const from = resolve(start);
  for (let dir = from; ; dir = dirname(dir)) {
    if (dir === home) return from;
    if (PROJECT_MARKERS.some((marker) => existsSync(join(dir, marker)))) return dir;
    if (existsSync(join(dir, '.git')) || dirname(dir) === dir) return from;
  }
}
