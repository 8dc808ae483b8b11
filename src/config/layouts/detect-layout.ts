// Which tool's layout a settings document is in (its ConfigFormat), decided by its shape (docs/configuration.md).
import { basename, dirname } from 'node:path';
import type { ConfigFormat } from '../../model/hook-definition.js';
import { isAutohandShape } from './autohand.js';
import { hasClaudeSection } from './openclaw.js';
import { OPTA_EVENT_NAMES, OPTA_HOOK_KEYS } from './opta.js';
import { isPlainObject } from './shared.js';
import { WUNDR_ONLY_HOOK_KEYS } from './wundr.js';
import { WUNDR_BUILTINS_FIELD } from './wundr-builtins.js';
import { isCodeConfigPath } from '../code-config-names.js';

export interface DetectLayoutOptions {
  /** The file's path: a file inside `.opta/` or `~/.config/opta/` is Opta whatever its hooks look like. */
  readonly path: string;
  /** The file was given or found as Claude Code settings: its format is not guessed. */
  readonly claudeSettings: boolean;
}

/**
 * `hooks` as an object: a `claude` section (OpenClaw, even in a file given as Claude settings,
 * where "claude" could only be an unknown event), `{enabled, hooks: [...]}` (Autohand) or event
 * keys (Claude). `hooks` as an array: Wundr when an entry has a Wundr-only key or a matcher
 * object, Opta when the entries use only Opta's keys and at least one Opta event name, else
 * native. A document that fits nothing is read as native, whose reader reports what is wrong.
 */
export function detectLayout(document: unknown, options: DetectLayoutOptions): ConfigFormat {
  const hooks = isPlainObject(document) ? document.hooks : undefined;
  if (hasClaudeSection(hooks) || isOpenclawSettingsPath(options.path)) return 'openclaw';
  if (options.claudeSettings) return 'claude';
  if (isCodeConfigPath(options.path)) return 'wundr';
  if (!isPlainObject(document)) return 'native';
  if (isPlainObject(hooks)) return isAutohandShape(hooks) ? 'autohand' : 'claude';
  if (!Array.isArray(hooks)) return 'native';
  if (isWundrShape(document, hooks)) return 'wundr';
  if (isOptaShape(document, hooks, options.path)) return 'opta';
  return 'native';
}

function isWundrShape(document: Record<string, unknown>, hooks: unknown[]): boolean {
  if ('defaultTimeoutMs' in document || 'maxConcurrency' in document || WUNDR_BUILTINS_FIELD in document) return true;
  return hooks.some(
    (entry) => isPlainObject(entry) && (Object.keys(entry).some((key) => WUNDR_ONLY_HOOK_KEYS.has(key) && !isNativeKind(key, entry)) || isPlainObject(entry.matcher)),
  );
}

// `type` is Wundr's (command, prompt, agent) unless it names a kind only the native format has.
const NATIVE_ONLY_KINDS: ReadonlySet<unknown> = new Set(['module', 'function']);
function isNativeKind(key: string, entry: Record<string, unknown>): boolean {
  return key === 'type' && NATIVE_ONLY_KINDS.has(entry.type);
}

// A native file may use the same dotted aliases; `$schema` (which native files carry) or any
// native-only key keeps it native.
function isOptaShape(document: Record<string, unknown>, hooks: unknown[], path: string): boolean {
  if (isOptaConfigPath(path)) return true;
  if ('$schema' in document || hooks.length === 0) return false;
  const onlyOptaKeys = hooks.every((entry) => isPlainObject(entry) && Object.keys(entry).every((key) => OPTA_HOOK_KEYS.has(key)));
  const usesOptaEvent = hooks.some((entry) => isPlainObject(entry) && typeof entry.event === 'string' && OPTA_EVENT_NAMES.has(entry.event));
  return onlyOptaKeys && usesOptaEvent;
}

// OpenClaw's settings file `~/.openclaw/openclaw.json`: only its `hooks.claude` section is
// hookpool's business (its other `hooks` keys are OpenClaw's own internal hooks).
function isOpenclawSettingsPath(path: string): boolean {
  return basename(path) === 'openclaw.json' && basename(dirname(path)) === '.openclaw';
}

// Opta's project file `.opta/config.json` and its user file `~/.config/opta/config.json`.
function isOptaConfigPath(path: string): boolean {
  const folder = dirname(path);
  return basename(folder) === '.opta' || (basename(folder) === 'opta' && basename(dirname(folder)) === '.config');
}
