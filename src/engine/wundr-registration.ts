// register() also takes Wundr's own entries (its HookRegistry.register): `{ id, event, type,
// priority, source: 'plugin', matcher: { toolName }, timeoutMs, catchErrors, handler }`. Such an
// entry is read as a Wundr hook: it gets Wundr's metadata and answers Wundr's result object
// (`{ block, blockReason, ... }`) with no `protocol` field, and Wundr's `catchErrors` decides what a
// failure means. A native entry is told apart by having none of Wundr's own keys.
import { convertWundrEntry } from '../config/layouts/wundr.js';
import { isPlainObject } from '../config/layouts/shared.js';
import type { NativeHookInput } from '../config/native-schema.js';
import { HookpoolError } from '../errors.js';
import { BUILTIN_CATALOG } from '../builtins/catalog.js';
import { readWundrBuiltins } from '../config/layouts/wundr-builtins.js';

// Keys only Wundr's entries have (the native format's own are `timeout`, `description`, `origin`, `prompt`).
const WUNDR_KEYS = ['timeoutMs', 'catchErrors', 'name', 'promptTemplate', 'agentConfig'];

/** Whether a register() entry is written in Wundr's shape. */
export function isWundrEntry(entry: object): boolean {
  const fields = entry as Record<string, unknown>;
  if (typeof fields.source === 'string' || isPlainObject(fields.matcher)) return true;
  if (typeof fields.handler === 'function' && fields.type !== 'function') return true;
  return WUNDR_KEYS.some((key) => key in fields);
}

/** A Wundr entry as the native entry it stands for; throws ERR_HOOKPOOL_INVALID_CONFIG, one line per problem. */
export function wundrEntryToNative(entry: object, label: string): NativeHookInput {
  const problems: string[] = [];
  const native = convertWundrEntry(entry, { file: label, path: [] }, { enabled: true, defaultTimeoutMs: undefined }, problems);
  if (native === undefined || problems.length > 0) throw new HookpoolError('ERR_HOOKPOOL_INVALID_CONFIG', problems.join('\n'));
  return Object.fromEntries(Object.entries(native).filter(([, value]) => value !== undefined)) as NativeHookInput;
}

/**
 * Wundr's `HooksConfig` (`{ enabled, defaultTimeoutMs, hooks: [...] }`) as native entries, for
 * loadFromConfig(): every entry is checked before any is registered, so a config with a bad
 * entry changes nothing; throws ERR_HOOKPOOL_INVALID_CONFIG, one line per problem.
 */
export function wundrConfigToNative(config: unknown, label = 'loadFromConfig()'): NativeHookInput[] {
  if (!isPlainObject(config)) throw new HookpoolError('ERR_HOOKPOOL_INVALID_CONFIG', `${label}: expected Wundr's hooks config, an object like { enabled: true, hooks: [...] }`);
  const problems: string[] = [];
  if (config.enabled !== undefined && typeof config.enabled !== 'boolean') problems.push(`${label}: enabled: expected true or false`);
  const timeout = config.defaultTimeoutMs;
  if (timeout !== undefined && !(typeof timeout === 'number' && Number.isInteger(timeout) && timeout > 0)) problems.push(`${label}: defaultTimeoutMs: expected a positive whole number of milliseconds`);
  const list = config.hooks ?? [];
  if (!Array.isArray(list)) problems.push(`${label}: hooks: expected an array of hooks`);
  const defaults = { enabled: config.enabled !== false, defaultTimeoutMs: typeof timeout === 'number' ? timeout : undefined };
  const hooks = (Array.isArray(list) ? list : []).flatMap((entry, index) => {
    const native = convertWundrEntry(entry, { file: label, path: ['hooks', index] }, defaults, problems);
    return native === undefined ? [] : [Object.fromEntries(Object.entries(native).filter(([, value]) => value !== undefined)) as NativeHookInput];
  });
  const builtins = readWundrBuiltins(config, label, BUILTIN_CATALOG, problems);
  if (problems.length > 0) throw new HookpoolError('ERR_HOOKPOOL_INVALID_CONFIG', problems.join('\n'));
  // A built-in registered here has no file: its entries say where they came from by origin only.
  return [...hooks, ...builtins.map(({ source: _source, ...entry }) => entry)];
}
