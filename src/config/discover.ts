// Which configuration files to read, in precedence order (lowest first). Pure: no file access.
import { join, resolve } from 'node:path';
import { userConfigDir } from './user-config-dir.js';
import { CODE_CONFIG_NAMES } from './code-config-names.js';

/** Where a file sits in the layering: user < project < local < explicit. */
export type ConfigScope = 'user' | 'project' | 'local' | 'explicit';

export interface ConfigCandidate {
  /** Absolute path. */
  readonly path: string;
  readonly scope: ConfigScope;
  /** Read as Claude Code settings rather than detecting the format by shape. */
  readonly claudeSettings: boolean;
  /** Missing is an error (explicit files) rather than silently skipped (discovered files). */
  readonly required: boolean;
}

export interface ListConfigFilesOptions {
  readonly cwd: string;
  readonly home: string;
  readonly files?: readonly string[] | undefined;
  readonly claudeSettings?: readonly string[] | undefined;
  /** @default true only when neither `files` nor `claudeSettings` is given */
  readonly discover?: boolean | undefined;
}

/**
 * The discovered files (user, project, local: PROTOCOL.md, "Settings shape"; the seed designs'
 * own files beside hookpool's and Claude Code's) and then the
 * explicit ones in the order given, native/seed files before Claude settings. A path listed
 * twice is read once, at its first (lowest) place.
 */
export function listConfigFiles(options: ListConfigFilesOptions): ConfigCandidate[] {
  const explicitFiles = options.files ?? [];
  const explicitClaude = options.claudeSettings ?? [];
  const discover = options.discover ?? (explicitFiles.length === 0 && explicitClaude.length === 0);
  const candidates: ConfigCandidate[] = [];
  if (discover) candidates.push(...discoveredFiles(options.cwd, options.home));
  for (const file of explicitFiles) candidates.push(explicit(resolve(options.cwd, file), false));
  for (const file of explicitClaude) candidates.push(explicit(resolve(options.cwd, file), true));
  const seen = new Set<string>();
  return candidates.filter((candidate) => !seen.has(candidate.path) && seen.add(candidate.path));
}

/** Autohand's config, `~/.autohand/config.json`, which its `/hooks` verbs edit. */
export function autohandConfigPath(home: string): string {
  return join(home, '.autohand', 'config.json');
}

function discoveredFiles(cwd: string, home: string): ConfigCandidate[] {
  const found = (path: string, scope: ConfigScope, claudeSettings: boolean): ConfigCandidate => ({ path, scope, claudeSettings, required: false });
  return [
    found(join(userConfigDir(home), 'hooks.json'), 'user', false),
    found(join(home, '.claude', 'settings.json'), 'user', true),
    // Opta's user file as its sources name it (its `conf` library may add a "-nodejs" suffix).
    found(join(home, '.config', 'opta', 'config.json'), 'user', false),
    found(autohandConfigPath(home), 'user', false),
    // OpenClaw's settings file, whose root schema its plan wires `hooks.claude` through.
    found(join(home, '.openclaw', 'openclaw.json'), 'user', false),
    found(join(cwd, '.hookpool', 'hooks.json'), 'project', false),
    found(join(cwd, '.claude', 'settings.json'), 'project', true),
    found(join(cwd, '.opta', 'config.json'), 'project', false),
    // Wundr's config files, code (loaded once trusted: load-code-config.ts).
    ...CODE_CONFIG_NAMES.map((name) => found(join(cwd, name), 'project', false)),
    found(join(cwd, '.claude', 'settings.local.json'), 'local', true),
  ];
}

function explicit(path: string, claudeSettings: boolean): ConfigCandidate {
  return { path, scope: 'explicit', claudeSettings, required: true };
}
