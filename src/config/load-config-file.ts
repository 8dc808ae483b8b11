// One layer of the configuration: read, parse and trust-check one file, turning every way it can
// go wrong into a problem line, so one bad file never stops the others from loading.
import type { BuiltinCatalog } from './builtin-hooks.js';
import type { ConfigCandidate } from './discover.js';
import type { ClaudeHooksContext } from './layouts/claude-handler.js';
import { frontmatterContext, parseFrontmatter, type FrontmatterFile } from './frontmatter.js';
import { readHooksDocument } from './layouts/read-hooks-document.js';
import type { BrokenConfigFile, LoadedConfigFile, UntrustedConfigFile } from './loaded-config.js';
import type { BrokenHookEntry } from '../model/hook-definition.js';
import type { NativeHookInput } from './native-schema.js';
import { readConfigFile } from './read-config-file.js';
import { readCodeConfig } from './load-code-config.js';
import { isCodeConfigPath } from './code-config-names.js';
import { decideTrust, needsTrust, type TrustPolicy } from '../trust/decide-trust.js';
import { pinTrustedScripts } from '../trust/referenced-files.js';

/** What one file contributes. Only a trusted file's `hooks`, `brokenHooks` and `disableAllHooks` have any effect. */
export interface ConfigFileLoad {
  readonly problems: string[];
  readonly hooks: NativeHookInput[];
  readonly brokenHooks: BrokenHookEntry[];
  readonly disableAllHooks: boolean;
  readonly file?: LoadedConfigFile;
  readonly untrusted?: UntrustedConfigFile;
  readonly broken?: BrokenConfigFile;
}

/** A file to load, and how: a plugin's hooks (with its folders), or a skill's or subagent's frontmatter. */
export interface HookFileCandidate extends ConfigCandidate {
  readonly context?: ClaudeHooksContext;
  readonly frontmatter?: FrontmatterFile;
}

const NOTHING: ConfigFileLoad = { problems: [], hooks: [], brokenHooks: [], disableAllHooks: false };

/** Loads one candidate file; never throws for what the file holds or whether it can be read. */
export async function loadConfigFile(candidate: HookFileCandidate, trust: TrustPolicy, projectDir: string, builtinCatalog?: BuiltinCatalog): Promise<ConfigFileLoad> {
  const { frontmatter } = candidate;
  const read = isCodeConfigPath(candidate.path)
    ? await readCodeConfig(candidate, trust)
    : await readConfigFile(candidate.path, { userLevel: candidate.scope === 'user', parse: frontmatter && parseFrontmatter });
  if (read.status === 'untrusted') {
    return { ...NOTHING, problems: [read.problem], file: { path: candidate.path, format: 'wundr', scope: candidate.scope, hookCount: 0 }, untrusted: read.untrusted };
  }
  if (read.status === 'missing') {
    if (!candidate.required) return NOTHING;
    return failed(candidate, trust, { problem: `${candidate.path}: no such file`, reason: 'no such file', sha256: null });
  }
  if (read.status === 'failed') return failed(candidate, trust, read);
  // Most skills and subagents have no hooks: such a file is not configuration at all.
  if (frontmatter !== undefined && (read.value as Record<string, unknown>).hooks === undefined) return NOTHING;
  const context = frontmatter === undefined ? candidate.context : frontmatterContext(frontmatter, read.value as Record<string, unknown>);
  let document;
  try {
    document = readHooksDocument(read.value, { file: candidate.path, claudeSettings: candidate.claudeSettings, context, builtinCatalog });
  } catch (error) {
    // The formats' readers report what they can; this is for what they cannot (a stack overflow on absurd nesting).
    const reason = `cannot be loaded (${(error as Error).message})`;
    return failed(candidate, trust, { problem: `${candidate.path}: ${reason}`, reason, sha256: read.sha256 });
  }
  // A hooks file that is `null`, `[]` or `{"hooks": null}` may have been meant to hold guards: it
  // counts as a file that cannot be loaded. A skill's `hooks:` left empty is YAML's null, and only a skill's.
  if (document.unreadable !== undefined && frontmatter === undefined) {
    const reason = `cannot be read as hooks (${document.unreadable})`;
    return failed(candidate, trust, { problem: `${candidate.path}: ${reason}`, reason, sha256: read.sha256 });
  }
  const file: LoadedConfigFile = { path: candidate.path, format: document.format, scope: candidate.scope, hookCount: document.hooks.length };
  const hasEffect = document.hooks.length > 0 || document.broken.length > 0 || document.disableAllHooks;
  const decision = hasEffect
    ? await decideTrust(candidate.scope, { path: candidate.path, sha256: read.sha256, hooks: document.hooks, projectDir }, trust)
    : { reason: null, changes: [], referenced: {} };
  if (decision.reason === null) {
    // What trust hashed stays pinned to each hook: checked again right before each of its runs.
    const hooks = pinTrustedScripts(document.hooks, decision.referenced, projectDir);
    return { problems: document.problems, hooks, brokenHooks: document.broken, disableAllHooks: document.disableAllHooks, file };
  }
  const untrusted: Omit<UntrustedConfigFile, 'notice'> = {
    path: candidate.path,
    sha256: read.sha256,
    reason: decision.reason,
    hooks: document.hooks,
    disableAllHooks: document.disableAllHooks,
    changes: decision.changes,
    referenced: decision.referenced,
    loadError: null,
  };
  const notice = notAppliedLine(untrusted);
  return { ...NOTHING, problems: [notice, ...document.problems], file, untrusted: { ...untrusted, notice } };
}

interface ReadFailure {
  readonly problem: string;
  readonly reason: string;
  readonly sha256: string | null;
}

// A project file that cannot be loaded stays untrusted unless the user trusted exactly these bytes
// (or trusts everything): only a file that may have held the user's own guards counts as broken.
function failed(candidate: ConfigCandidate, trust: TrustPolicy, failure: ReadFailure): ConfigFileLoad {
  const trusted = !needsTrust(candidate.scope)
    || trust.mode === 'all'
    || (trust.mode === 'prompt' && failure.sha256 !== null && trust.store.get(candidate.path)?.sha256 === failure.sha256);
  if (trusted) return { ...NOTHING, problems: [failure.problem], broken: { path: candidate.path, scope: candidate.scope, reason: failure.reason } };
  const untrusted: UntrustedConfigFile = {
    path: candidate.path,
    sha256: failure.sha256 ?? '',
    reason: `could not be loaded: ${failure.reason}`,
    hooks: [],
    disableAllHooks: false,
    changes: [],
    referenced: {},
    loadError: failure.reason,
    notice: failure.problem,
  };
  return { ...NOTHING, problems: [failure.problem], untrusted };
}

// `<file>: 2 hook(s) not run, "disableAllHooks": true not applied: <reason>`
function notAppliedLine(file: Omit<UntrustedConfigFile, 'notice'>): string {
  const parts = [
    ...(file.hooks.length > 0 ? [`${file.hooks.length} hook(s) not run`] : []),
    ...(file.disableAllHooks ? ['"disableAllHooks": true not applied'] : []),
  ];
  return `${file.path}: ${parts.join(', ')}: ${file.reason}`;
}
