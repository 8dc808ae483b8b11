// What engine.register() checks: the entry (a Wundr-shaped one first read as Wundr's) against
// the native schema (`origin` defaulting to `api`), converted to the internal model. Throws ERR_HOOKPOOL_INVALID_CONFIG, one line per problem.
import { formatIssues } from '../config/format-issues.js';
import { nativeHookSchema, toHookDefinition } from '../config/native-schema.js';
import { HookpoolError } from '../errors.js';
import type { ParseRegisteredHook } from './hook-registry.js';
import { isWundrEntry, wundrEntryToNative } from './wundr-registration.js';

export const parseRegisteredHook: ParseRegisteredHook = (entry, label) => {
  const native = isWundrEntry(entry) ? wundrEntryToNative(entry, label) : entry;
  const parsed = nativeHookSchema.safeParse({ origin: 'api', ...native });
  if (!parsed.success) throw new HookpoolError('ERR_HOOKPOOL_INVALID_CONFIG', formatIssues(parsed.error, label).join('\n'));
  return toHookDefinition(parsed.data);
};
