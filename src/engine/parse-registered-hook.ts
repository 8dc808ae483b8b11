// What engine.register() checks: the entry against the native schema (`origin` defaulting to
// `api`), converted to the internal model. Throws ERR_HOOKPOOL_INVALID_CONFIG, one line per problem.
import { formatIssues } from '../config/format-issues.js';
import { nativeHookSchema, toHookDefinition } from '../config/native-schema.js';
import { HookpoolError } from '../errors.js';
import type { ParseRegisteredHook } from './hook-registry.js';

export const parseRegisteredHook: ParseRegisteredHook = (entry, label) => {
  const parsed = nativeHookSchema.safeParse({ origin: 'api', ...entry });
  if (!parsed.success) throw new HookpoolError('ERR_HOOKPOOL_INVALID_CONFIG', formatIssues(parsed.error, label).join('\n'));
  return toHookDefinition(parsed.data);
};
