import { HookpoolError } from '../errors.js';
import { formatIssues } from './format-issues.js';
import type { HookDefinition } from '../model/hook-definition.js';
import { nativeHookSchema, toHookDefinition } from './native-schema.js';
import { normalizeHooks } from './normalize-hooks.js';

/**
 * Validates an inline array of native hooks. Throws ERR_HOOKPOOL_INVALID_CONFIG listing every
 * problem, one line each, naming the hook, the field and what is allowed.
 */
export function parseNativeHooks(value: unknown, where = 'hooks'): HookDefinition[] {
  if (!Array.isArray(value)) {
    throw new HookpoolError('ERR_HOOKPOOL_INVALID_CONFIG', `${where}: expected an array of hooks`);
  }
  const problems: string[] = [];
  const parsed = value.flatMap((entry, index) => {
    const result = nativeHookSchema.safeParse(entry);
    if (result.success) return [toHookDefinition(result.data)];
    const label = typeof (entry as { id?: unknown })?.id === 'string' ? ` (id "${(entry as { id: string }).id}")` : '';
    problems.push(...formatIssues(result.error, `${where}[${index}]${label}`));
    return [];
  });
  if (problems.length > 0) throw new HookpoolError('ERR_HOOKPOOL_INVALID_CONFIG', problems.join('\n'));
  const hooks = normalizeHooks(parsed);
  const duplicates = duplicateIds(hooks);
  if (duplicates.length > 0) {
    throw new HookpoolError('ERR_HOOKPOOL_INVALID_CONFIG', duplicates.map((id) => `${where}: two different hooks have the id "${id}"; ids name one hook each (give one another id)`).join('\n'));
  }
  return hooks;
}

function duplicateIds(hooks: readonly HookDefinition[]): string[] {
  const seen = new Set<string>();
  return [...new Set(hooks.map((hook) => hook.id).filter((id) => seen.has(id) || !seen.add(id)))];
}
