// `test`, `enable` and `disable` name a hook by id; a wrong or shared id is an error that says what to type.
import { closest } from 'fastest-levenshtein';
import { HookpoolError } from '../errors.js';
import type { ListedHook } from './load-project.js';
import { describeSource } from './describe.js';

/** The one hook with this id; throws ERR_HOOKPOOL_HOOK_NOT_FOUND or ERR_HOOKPOOL_DUPLICATE_HOOK_ID. */
export function findHook(hooks: readonly ListedHook[], id: string, cwd: string): ListedHook {
  const found = hooks.filter((hook) => hook.definition.id === id);
  if (found.length === 1) return found[0]!;
  if (found.length > 1) {
    const places = found.map((hook) => describeSource(hook.definition.source, cwd)).join('; ');
    throw new HookpoolError('ERR_HOOKPOOL_DUPLICATE_HOOK_ID', `${found.length} hooks have the id "${id}" (${places}); give each a unique "id"`);
  }
  if (hooks.length === 0) throw new HookpoolError('ERR_HOOKPOOL_HOOK_NOT_FOUND', `no hook "${id}": no hooks are configured (see hookpool list --help)`);
  const suggestion = closest(id, hooks.map((hook) => hook.definition.id));
  throw new HookpoolError('ERR_HOOKPOOL_HOOK_NOT_FOUND', `no hook "${id}" (did you mean "${suggestion}"? hookpool list shows every id)`);
}
