// `hookpool test builtin:<name>`: the built-in as configured, or, when no file switches it on, as
// its catalog installs it (enabled, default options). A built-in listening to several events is
// named `builtin:<name>@<Event>`; its bare name picks its first.
import { builtinEntries, DEFAULT_BUILTIN_CATALOG, type BuiltinCatalog } from '../config/builtin-hooks.js';
import { parseNativeHooks } from '../config/parse-native.js';
import type { ListedHook } from '../project/load-project.js';

const PREFIX = 'builtin:';

/** The built-in hook `id` names, or undefined when it names none. */
export function findBuiltinHook(hooks: readonly ListedHook[], id: string, catalog: BuiltinCatalog = DEFAULT_BUILTIN_CATALOG): ListedHook | undefined {
  if (!id.startsWith(PREFIX)) return undefined;
  const configured = hooks.find((hook) => hook.definition.id.startsWith(`${id}@`));
  if (configured !== undefined) return configured;
  const [name, event] = id.slice(PREFIX.length).split('@');
  const spec = catalog.find((entry) => entry.name === name);
  if (spec === undefined) return undefined;
  const entries = builtinEntries(spec, { enabled: true, options: {}, file: undefined });
  const entry = entries.find((candidate) => candidate.id === id) ?? (event === undefined ? entries[0] : undefined);
  if (entry === undefined) return undefined;
  const [definition] = parseNativeHooks([entry]);
  return { definition: definition!, input: entry, hasOwnId: true, trusted: true };
}
