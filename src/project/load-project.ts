// Configuration as every verb sees it: loaded from --config / --claude-settings or discovered
// around --cwd, each hook paired with the id the engine will give it.
import './zod-jitless.js'; // first: before any schema is built
import { listConfigFiles, type ConfigCandidate } from '../config/discover.js';
import { listFrontmatterFiles } from '../config/frontmatter.js';
import { loadHooksConfig, type LoadedConfigFile, type LoadedHooksConfig } from '../config/load-hooks-config.js';
import type { HookDefinition } from '../model/hook-definition.js';
import type { NativeHookInput } from '../config/native-schema.js';
import { parseNativeHooks } from '../config/parse-native.js';
import { HookpoolError } from '../errors.js';
import type { ConfigOptions } from './config-options.js';
import { definitionCallsHookpool } from './owned-items.js';
import { defaultAllHooksSwitchPath, readAllHooksSwitch } from '../config/all-hooks-switch.js';
import { resolveCliDirs } from './project-dirs.js';
import { recordFileObservations, type FileJournal } from '../config/file-journal.js';

export { resolveCliDirs } from './project-dirs.js';

/** A hook as the CLI shows and runs it: the validated definition and the input it came from. */
export interface ListedHook {
  readonly definition: HookDefinition;
  /** What `createHookEngine({ hooks })` takes, with the id filled in. */
  readonly input: NativeHookInput;
  /** The file gave the id; otherwise it was derived from the command and event. */
  readonly hasOwnId: boolean;
  /** False for hooks of a project file the user has not trusted: they are listed but never run. */
  readonly trusted: boolean;
}

export interface CliConfig {
  readonly cwd: string;
  readonly home: string;
  readonly loaded: LoadedHooksConfig;
  readonly hooks: readonly ListedHook[];
  /** Discovered Claude Code settings files with hooks that were left out (`skipDiscoveredClaudeSettings`). */
  readonly leftToClaudeCode: readonly LoadedConfigFile[];
  /** Claude Code settings entries that call hookpool itself: left out of `hooks`, so hookpool never runs inside hookpool. */
  readonly selfCalls: readonly ListedHook[];
  /** The user's global switch is off (`hookpool disable --all`): `loaded.disableAllHooks` is true for that reason. */
  readonly allHooksOffByUser: boolean;
}

/**
 * loadCliConfig with the journal of every file it looked at, for the config cache. Recorded in
 * this module's graph, beside the readers that note what they see: the bundled executable has its
 * own copy of file-journal.ts, which they never write to.
 */
export function loadCliConfigRecorded(options: ConfigOptions, how: LoadCliConfigOptions = {}): Promise<{ value: CliConfig; journal: FileJournal }> {
  return recordFileObservations(() => loadCliConfig(options, how));
}

/** `--claude-settings auto`: the discovered user, project and local Claude Code settings files. */
export const AUTO_CLAUDE_SETTINGS = 'auto';

export interface LoadCliConfigOptions {
  /** Where to look for the project when --cwd is not given (e.g. the payload's cwd); else the current directory. */
  readonly cwdFallback?: string | undefined;
  /** Also list hooks of untrusted project files (list, validate, enable, disable: nothing runs). */
  readonly includeUntrusted?: boolean;
  /**
   * Leave out hooks found in the discovered Claude Code settings files. `run --format claude` is
   * called by Claude Code, which runs those hooks itself; running them again would double them
   * (and run hookpool inside itself when it is one of them). `--claude-settings auto` keeps them.
   */
  readonly skipDiscoveredClaudeSettings?: boolean;
}

export async function loadCliConfig(options: ConfigOptions, how: LoadCliConfigOptions = {}): Promise<CliConfig> {
  const { cwd, home } = await resolveCliDirs(options, how.cwdFallback);
  const files = options.config ?? [];
  const claudeSettings = (options.claudeSettings ?? []).filter((file) => file !== AUTO_CLAUDE_SETTINGS);
  const auto = claudeSettings.length < (options.claudeSettings ?? []).length;
  const explicit = files.length + claudeSettings.length > 0;
  // `auto` discovers as usual (same files, same trust rules); beside explicit files, only the Claude Code settings.
  let loaded = await loadHooksConfig({ cwd, home, files, claudeSettings, plugins: options.plugin ?? [], discover: auto || !explicit });
  assertExplicitFilesLoaded(loaded);
  const discovered = listConfigFiles({ cwd, home, discover: true });
  const discoveredClaude = await claudeCodeFiles(discovered, cwd, home);
  if (auto && explicit) loaded = withoutFiles(loaded, new Set(discovered.filter((candidate) => !candidate.claudeSettings).map((candidate) => candidate.path)));
  const skipClaude = how.skipDiscoveredClaudeSettings === true && !auto;
  const leftToClaudeCode = skipClaude ? loaded.files.filter((file) => file.scope !== 'explicit' && discoveredClaude.has(file.path) && hasHooks(loaded, file)) : [];
  if (skipClaude) loaded = withoutFiles(loaded, discoveredClaude);
  // Untrusted hooks come last, so the trusted ones get the same ids here as when they run.
  const untrusted = how.includeUntrusted ? loaded.untrusted.flatMap((file) => file.hooks) : [];
  const all = [...listed(loaded.hooks, true), ...listed(untrusted, false)];
  const selfCalls = all.filter(isSelfCall);
  const hooks = all.filter((hook) => !isSelfCall(hook));
  const allHooksOffByUser = (await readAllHooksSwitch(defaultAllHooksSwitchPath(home))).off;
  return { cwd, home, loaded, hooks, leftToClaudeCode, selfCalls, allHooksOffByUser };
}

// Only agent settings files are recognised: a native hook may run hookpool on purpose (nesting a config under test).
function isSelfCall(hook: ListedHook): boolean {
  return hook.definition.source?.format === 'claude' && definitionCallsHookpool(hook.definition);
}

function hasHooks(loaded: LoadedHooksConfig, file: LoadedConfigFile): boolean {
  return file.hookCount > 0 || loaded.untrusted.some((untrusted) => untrusted.path === file.path && untrusted.hooks.length > 0);
}

function listed(inputs: readonly NativeHookInput[], trusted: boolean): ListedHook[] {
  const definitions = parseNativeHooks(inputs);
  if (definitions.length !== inputs.length) throw new Error('hook ids could not be paired with their definitions');
  return definitions.map((definition, index) => ({
    definition,
    input: { ...inputs[index]!, id: definition.id },
    hasOwnId: inputs[index]!.id !== undefined,
    trusted,
  }));
}

/**
 * A file named on the command line that cannot be loaded stops the command with its line(s), as
 * a typo in `--config hooks.jsn` should; the library itself reports it and loads the rest.
 */
function assertExplicitFilesLoaded(loaded: LoadedHooksConfig): void {
  const broken = loaded.brokenFiles.filter((file) => file.scope === 'explicit');
  if (broken.length === 0) return;
  const lineOf = (path: string, reason: string) => loaded.problems.find((line) => line.startsWith(`${path}:`)) ?? `${path}: ${reason}`;
  throw new HookpoolError('ERR_HOOKPOOL_CONFIG_READ', broken.map((file) => lineOf(file.path, file.reason)).join('\n'));
}

// Claude Code's own files among the discovered ones: its settings, and its skills' and subagents' frontmatter.
async function claudeCodeFiles(discovered: readonly ConfigCandidate[], cwd: string, home: string): Promise<Set<string>> {
  const frontmatter = await listFrontmatterFiles(cwd, home);
  return new Set([...discovered.filter((candidate) => candidate.claudeSettings).map((candidate) => candidate.path), ...frontmatter.map((file) => file.path)]);
}

/** The configuration without the given discovered files (a path also named explicitly stays). */
function withoutFiles(loaded: LoadedHooksConfig, paths: ReadonlySet<string>): LoadedHooksConfig {
  const explicit = new Set(loaded.files.filter((file) => file.scope === 'explicit').map((file) => file.path));
  const skipped = new Set([...paths].filter((path) => !explicit.has(path)));
  if (skipped.size === 0) return loaded;
  // Problem lines start with their file (`<file>: <json.path>: ...`), so a skipped file's go with it.
  const fromSkipped = (line: string) => [...skipped].some((path) => line.startsWith(`${path}:`));
  return {
    ...loaded,
    hooks: loaded.hooks.filter((hook) => hook.source === undefined || !skipped.has(hook.source.file)),
    problems: loaded.problems.filter((line) => !fromSkipped(line)),
    files: loaded.files.filter((file) => !skipped.has(file.path)),
    untrusted: loaded.untrusted.filter((file) => !skipped.has(file.path)),
    brokenFiles: loaded.brokenFiles.filter((file) => !skipped.has(file.path)),
    brokenHooks: loaded.brokenHooks.filter((entry) => !skipped.has(entry.source.file)),
  };
}
