// The public loader: layered configuration files of every supported format into native hooks.
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { DEFAULT_BUILTIN_CATALOG, type BuiltinCatalog } from './builtin-hooks.js';
import { listConfigFiles } from './discover.js';
import { listExtraFiles } from './extra-files.js';
import { loadConfigFile, type HookFileCandidate } from './load-config-file.js';
import type { BrokenConfigFile, LoadedConfigFile, LoadedHooksConfig, UntrustedConfigFile } from './loaded-config.js';
import type { BrokenHookEntry, EnvInherit } from '../model/hook-definition.js';
import { nativeHookSchema, toHookDefinition, type NativeHookInput } from './native-schema.js';
import { hookIdentity, makeIdsUnique } from './normalize-hooks.js';
import { defaultDisabledHooksPath, DisabledHooks } from './disabled-hooks.js';
import { defaultAllHooksSwitchPath, readAllHooksSwitch } from './all-hooks-switch.js';
import { applyOpenclawFlag } from './openclaw-flag.js';
import type { ConfirmTrust, TrustMode, TrustPolicy } from '../trust/decide-trust.js';
import { defaultTrustStorePath, TrustStore } from '../trust/trust-store.js';
import { defaultUserPolicyPath, readUserPolicy } from './user-policy.js';

export type { ConfigScope } from './discover.js';
export type { BrokenConfigFile, LoadedConfigFile, LoadedHooksConfig, UntrustedConfigFile } from './loaded-config.js';

export interface LoadHooksConfigOptions {
  /**
   * Project directory: `.hookpool/hooks.json` and `.claude/settings*.json` are looked up here,
   * and relative `files` / `claudeSettings` paths resolve against it.
   * @default process.cwd()
   */
  readonly cwd?: string;
  /**
   * Home directory for the user-level files (`~/.config/hookpool/hooks.json`, `~/.claude/settings.json`).
   * @default os.homedir()
   */
  readonly home?: string;
  /** Native or seed-format files (Autohand, Wundr, Opta, OpenClaw `hooks.claude`), format detected by shape. */
  readonly files?: readonly string[];
  /** Claude Code settings files. */
  readonly claudeSettings?: readonly string[];
  /**
   * Also read the user, project and local files.
   * @default true only when neither `files` nor `claudeSettings` is given
   */
  readonly discover?: boolean;
  /**
   * Which project files (`.hookpool/hooks.json`, `.claude/settings*.json` under cwd) may run:
   * `prompt` runs those whose exact content the user trusted (`hookpool trust`, or `confirmTrust`).
   * @default 'prompt'
   */
  readonly trust?: TrustMode;
  /** Asked about each untrusted project file when `trust` is `prompt`; true runs it and records the approval. */
  readonly confirmTrust?: ConfirmTrust;
  /** @default ~/.config/hookpool/trusted.json */
  readonly trustStore?: string;
  /** Hooks turned off by `hookpool disable` in files with no per-hook "enabled" field. @default ~/.config/hookpool/disabled-hooks.json */
  readonly disabledHooks?: string;
  /**
   * Claude Code plugin folders whose hooks run (`hooks/hooks.json` and the hook files their
   * `.claude-plugin/plugin.json` names), with CLAUDE_PLUGIN_ROOT and CLAUDE_PLUGIN_DATA. Named
   * plugins are trusted like files named explicitly; a missing folder is a broken file.
   */
  readonly plugins?: readonly string[];
  /** The user's global switch (`hookpool disable --all`). @default ~/.config/hookpool/switch.json */
  readonly allHooksSwitch?: string;
  /** The user's policy for every hook (`env.pass`). @default ~/.config/hookpool/config.json */
  readonly userPolicy?: string;
  /**
   * The agent's environment, for switches the seed formats read there: OpenClaw's hooks load only
   * when `OPENCLAW_CLAUDE_HOOKS` is exactly "1".
   * @default process.env
   */
  readonly env?: NodeJS.ProcessEnv;
  /**
   * The built-in hooks a native file's `"builtins": { "<name>": ... }` can switch on.
   * @default every built-in hookpool ships (src/builtins/catalog.ts)
   */
  readonly builtinCatalog?: BuiltinCatalog;
}

/**
 * Loads hooks from layered configuration files: user, then project, then local, then explicit
 * files. Hook lists are merged (never replaced); a hook defined identically in several files is
 * kept once, at its first definition. Never throws for a file's content or readability: a bad
 * entry is reported in `problems` and skipped; a file that cannot be loaded at all (missing
 * when named explicitly, unreadable, not JSON, refused because others can write it) is a
 * problem line and, unless it is an untrusted project file, an entry of `brokenFiles`.
 * Untrusted project files have no effect: they are only reported, in `untrusted`.
 *
 * @example
 * const config = await loadHooksConfig({ cwd });
 * for (const problem of config.problems) console.warn(problem);
 * const engine = createHookEngine({ ...config, cwd });
 */
export async function loadHooksConfig(options: LoadHooksConfigOptions = {}): Promise<LoadedHooksConfig> {
  const cwd = resolve(options.cwd ?? process.cwd());
  const home = resolve(options.home ?? homedir());
  const store = await TrustStore.open(options.trustStore ?? defaultTrustStorePath(home));
  const trust: TrustPolicy = { mode: options.trust ?? 'prompt', store, confirm: options.confirmTrust };
  const extra = await listExtraFiles(options, cwd, home);
  const candidates: HookFileCandidate[] = [
    ...listConfigFiles({ cwd, home, files: options.files, claudeSettings: options.claudeSettings, discover: options.discover }),
    ...extra.candidates,
  ];
  const hooks: NativeHookInput[] = [];
  const problems: string[] = store.problem === null ? [] : [store.problem];
  const files: LoadedConfigFile[] = [];
  const untrusted: UntrustedConfigFile[] = [];
  const brokenFiles: BrokenConfigFile[] = [...extra.broken];
  problems.push(...extra.broken.map((plugin) => `${plugin.path}: ${plugin.reason}`));
  const brokenHooks: BrokenHookEntry[] = [];
  let disableAllHooks = false;
  for (const candidate of candidates) {
    const load = await loadConfigFile(candidate, trust, cwd, options.builtinCatalog ?? DEFAULT_BUILTIN_CATALOG);
    // A plugin's hooks say so (`hookpool list`'s origin column).
    const fromPlugin = candidate.context !== undefined && candidate.frontmatter === undefined;
    hooks.push(...(fromPlugin ? load.hooks.map((hook) => ({ ...hook, origin: 'plugin' as const })) : load.hooks));
    brokenHooks.push(...load.brokenHooks);
    problems.push(...load.problems);
    if (load.file) files.push(load.file);
    if (load.untrusted) untrusted.push(load.untrusted);
    if (load.broken) brokenFiles.push(load.broken);
    disableAllHooks ||= load.disableAllHooks;
  }
  const disabled = await DisabledHooks.open(options.disabledHooks ?? defaultDisabledHooksPath(home));
  if (disabled.problem !== null) problems.push(disabled.problem);
  const allHooks = await readAllHooksSwitch(options.allHooksSwitch ?? defaultAllHooksSwitchPath(home));
  if (allHooks.problem !== null) problems.push(allHooks.problem);
  disableAllHooks ||= allHooks.off;
  const policy = await readUserPolicy(options.userPolicy ?? defaultUserPolicyPath(home));
  problems.push(...policy.problems);
  const switchedOn = applyOpenclawFlag({ hooks, brokenHooks }, options.env ?? process.env, problems);
  // The environment a Claude Code hook inherits is where it came from, not what it is: identical hooks still run once.
  const unique = makeIdsUnique(keepFirstOfIdentical(switchedOn.hooks), problems).map((hook) => withClaudeEnv(disabled.isDisabled(hook) ? { ...hook, enabled: false } : hook, policy.claudeHooksInherit));
  return {
    hooks: disableAllHooks ? unique.map((hook) => ({ ...hook, enabled: false })) : unique,
    problems,
    files,
    // Listed, never run until trusted: shown with the environment they would get.
    untrusted: untrusted.map((file) => ({ ...file, hooks: file.hooks.map((hook) => withClaudeEnv(hook, policy.claudeHooksInherit)) })),
    brokenFiles,
    brokenHooks: switchedOn.brokenHooks,
    disableAllHooks,
    passEnv: policy.passEnv,
  };
}

// Same rule as the engine's normalizeHooks, applied here so `hooks` already lists each once
// with the source of its lowest-precedence definition.
function keepFirstOfIdentical(hooks: readonly NativeHookInput[]): NativeHookInput[] {
  const seen = new Set<string>();
  return hooks.filter((hook) => {
    const identity = hookIdentity(toHookDefinition(nativeHookSchema.parse(hook)));
    if (seen.has(identity)) return false;
    seen.add(identity);
    return true;
  });
}

/**
 * A hook of Claude Code's settings or a plugin inherits what Claude Code would give it (the whole
 * environment, unless the user's policy narrows it), where it does not say; hookpool's own formats
 * keep their default (no secret-looking variables).
 */
function withClaudeEnv(hook: NativeHookInput, inherit: EnvInherit): NativeHookInput {
  if (hook.source?.format !== 'claude' || hook.env?.inherit !== undefined) return hook;
  return { ...hook, env: { ...hook.env, inherit } };
}
