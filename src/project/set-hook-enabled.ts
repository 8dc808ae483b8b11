// `hookpool enable|disable <id>`: flips `enabled` on the hook's own entry, in the file it came
// from, editing only that field (and `enforce`, which `enable` sets for audit mode and sets back);
// an approved file stays approved (trust/trust-after-edit.ts).
import { HookpoolError } from '../errors.js';
import type { ConfigFormat, HookSource } from '../model/hook-definition.js';
import { defaultDisabledHooksPath, DisabledHooks } from '../config/disabled-hooks.js';
import { keepTrustAfterEdit } from '../trust/trust-after-edit.js';
import type { ConfigOptions } from './config-options.js';
import { parseJsonPath, parseJsonText, setJsonField, valueAt } from '../io/json-edit.js';
import { editUserFile } from '../io/user-files/edit-user-file.js';
import { findHook } from './find-hook.js';
import { loadCliConfig, type CliConfig } from './load-project.js';
import { describeSource } from './describe.js';
import { describeAllHooksOff } from './all-hooks-off.js';

export interface SetHookEnabledRequest {
  readonly id: string;
  readonly enabled: boolean;
  /**
   * `enable` only: false puts the hook in audit mode (`"enforce": false`), true takes it out of it;
   * undefined leaves `enforce` as it is (`disable`).
   */
  readonly enforce?: boolean;
}

export interface SetHookEnabledResult extends SetHookEnabledRequest {
  /** Whether the hook is in audit mode after the edit, and whether it was before. */
  readonly audit: boolean;
  readonly wasAudit: boolean;
  /** `.hookpool/hooks.json hooks[0]` */
  readonly where: string;
  /** False when the entry already said so. */
  readonly changed: boolean;
  /** Why the hook still will not run, when something beyond its own entry turns it off. */
  readonly stillOff: string | null;
  /** The file was trusted before the edit and is trusted again after it. */
  readonly trustKept: boolean;
  /** The hook's format has no "enabled" field: where hookpool recorded the change instead, and what that does not cover. */
  readonly recorded: { readonly path: string; readonly caveat: string | null } | null;
}

// Formats whose hook entries have an `enabled` field of their own.
const TOGGLEABLE: ReadonlySet<ConfigFormat> = new Set(['native', 'autohand', 'wundr']);
// hookpool's own format is the one with an `enforce` field (audit mode).
const AUDITABLE: ReadonlySet<ConfigFormat> = new Set(['native']);

export async function setHookEnabled(options: ConfigOptions, request: SetHookEnabledRequest): Promise<SetHookEnabledResult> {
  const { id, enabled, enforce } = request;
  const config = await loadCliConfig(options, { includeUntrusted: true });
  const hook = findHook(config.hooks, id, config.cwd);
  const { source, enabled: enabledNow } = hook.definition;
  if (source === undefined) throw new HookpoolError('ERR_HOOKPOOL_NOT_TOGGLEABLE', `hook "${id}" was not read from a file`);
  const where = describeSource(source, config.cwd);
  if (enforce === false && !AUDITABLE.has(source.format)) {
    throw new HookpoolError('ERR_HOOKPOOL_NOT_TOGGLEABLE', `hook "${id}" (${where}) comes from a file in the ${source.format} format, which has no "enforce" field: audit mode is for hooks in hookpool's own files (.hookpool/hooks.json)`);
  }
  if (!TOGGLEABLE.has(source.format)) {
    if (enabled && config.loaded.disableAllHooks) throw turnedOffByDisableAll(request, where, config);
    const record = await DisabledHooks.open(defaultDisabledHooksPath(config.home));
    if (enabledNow !== enabled) await record.set(hook.input, !enabled);
    const caveat = source.format === 'claude' ? 'Claude Code itself still runs it when it reads that settings file' : null;
    return { ...request, audit: false, wasAudit: false, where, changed: enabledNow !== enabled, stillOff: null, trustKept: false, recorded: { path: record.path, caveat } };
  }

  const path = parseJsonPath(source.jsonPath);
  let changed = false;
  let audit = false;
  let wasAudit = false;
  const edit = await editUserFile(source.file, where, (text) => {
    if (text === null) throw new HookpoolError('ERR_HOOKPOOL_CONFIG_WRITE', `${where}: the file is gone; was it removed meanwhile?`);
    const entry = valueAt(parseJsonText(text, where), path) as { enabled?: unknown; enforce?: unknown } | undefined;
    let edited = text;
    if ((entry?.enabled ?? true) !== enabled) edited = setJsonField(edited, path, 'enabled', enabled, where);
    // Set only where it changes something: `"enforce": true` is written back over a false, never added.
    if (enforce !== undefined && (entry?.enforce ?? true) !== enforce) edited = setJsonField(edited, path, 'enforce', enforce, where);
    wasAudit = entry?.enforce === false;
    audit = (enforce ?? entry?.enforce ?? true) === false;
    changed = edited !== text;
    return changed ? edited : null;
  });
  let trustKept = false;
  if (edit.written) {
    const remaining = config.hooks.filter((listed) => listed.definition.source?.file === source.file).map((listed) => listed.input);
    trustKept = await keepTrustAfterEdit({ file: source.file, before: edit.before ?? '', after: edit.after ?? '', remaining, projectDir: config.cwd, home: config.home });
  }
  const stillOff = enabled ? await whyStillOff(options, source) : null;
  return { ...request, audit, wasAudit, where, changed, stillOff, trustKept, recorded: null };
}

function turnedOffByDisableAll({ id }: SetHookEnabledRequest, where: string, config: CliConfig): HookpoolError {
  return new HookpoolError('ERR_HOOKPOOL_NOT_TOGGLEABLE', `hook "${id}" (${where}) is off because ${describeAllHooksOff(config) ?? 'every hook is off'}`);
}

async function whyStillOff(options: ConfigOptions, source: HookSource): Promise<string | null> {
  const config = await loadCliConfig(options, { includeUntrusted: true });
  const hook = config.hooks.find((candidate) => candidate.definition.source?.file === source.file && candidate.definition.source.jsonPath === source.jsonPath);
  if (hook === undefined || hook.definition.enabled) return null;
  const allOff = describeAllHooksOff(config);
  if (allOff !== null) return allOff;
  if (source.format === 'autohand') return 'its file turns off all its hooks ("hooks": {"enabled": false}); hookpool enable --autohand turns them back on';
  return 'its file turns off all its hooks ("enabled": false beside its hook list)';
}
