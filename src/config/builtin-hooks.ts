// Built-in hooks switched on in a native file: `"builtins": { "<name>": true | false |
// { "enabled": bool, "options": {...} } }`. Each becomes one module hook entry per event it
// listens to (id `builtin:<name>`, or `builtin:<name>@<Event>` when it has several), with origin
// `builtin`, its catalog priority and matcher, and the secret-looking variables it reads passed
// by name. Only named built-ins are installed; `true` turns one on, an object follows the seed's
// default unless it says `enabled` (Wundr's on, Autohand's off).
import { closest } from 'fastest-levenshtein';
import { BUILTIN_CATALOG, type BuiltinSpec } from '../builtins/catalog.js';
import { builtinSettingSchema } from './builtins-field.js';
import { formatIssues } from './format-issues.js';
import type { NativeHookInput } from './native-schema.js';
import type { ConfigFormat } from '../model/hook-definition.js';
import { isPlainObject, problemAt } from './layouts/shared.js';

/** What a catalog must hold for the loader (src/builtins/catalog.ts's BuiltinSpec has it; tests pass their own). */
export type BuiltinCatalog = readonly (Pick<BuiltinSpec, 'name' | 'description' | 'hooks' | 'enabledByDefault' | 'options' | 'module' | 'env'> & Partial<Pick<BuiltinSpec, 'timeoutMs'>>)[];

export const DEFAULT_BUILTIN_CATALOG: BuiltinCatalog = BUILTIN_CATALOG;


/** The id of a built-in's hook on `event`: `builtin:<name>`, with `@<event>` when it listens to several. */
export function builtinHookId(spec: Pick<BuiltinSpec, 'name' | 'hooks'>, event: string): string {
  return spec.hooks.length === 1 ? `builtin:${spec.name}` : `builtin:${spec.name}@${event}`;
}

/** The hook entries a native document's `builtins` installs; bad names and options are problem lines. */
export function readBuiltinHooks(document: unknown, file: string, catalog: BuiltinCatalog, problems: string[]): NativeHookInput[] {
  const builtins = isPlainObject(document) ? document.builtins : undefined;
  if (builtins === undefined) return [];
  if (!isPlainObject(builtins)) {
    problems.push(problemAt(file, ['builtins'], 'expected an object of built-in names, e.g. {"security-guard": true}'));
    return [];
  }
  const fileEnabled = !(isPlainObject(document) && document.enabled === false);
  return Object.entries(builtins).flatMap(([name, value]) => {
    const spec = catalog.find((entry) => entry.name === name);
    if (spec === undefined) {
      const known = catalog.map((entry) => entry.name);
      problems.push(problemAt(file, ['builtins', name], `unknown built-in${known.length > 0 ? ` (did you mean "${closest(name, known)}"?)` : ''}`));
      return [];
    }
    const setting = builtinSettingSchema.safeParse(value);
    if (!setting.success) {
      problems.push(...formatIssues(setting.error, file, `builtins.${name}`));
      return [];
    }
    const { enabled, options } = typeof setting.data === 'boolean' ? { enabled: setting.data, options: undefined } : setting.data;
    const checked = spec.options.safeParse(options ?? {});
    if (!checked.success) {
      problems.push(...formatIssues(checked.error, file, `builtins.${name}.options`));
      return [];
    }
    return builtinEntries(spec, { enabled: fileEnabled && (enabled ?? spec.enabledByDefault), options: options ?? {}, file });
  });
}

/** A built-in's hook entries as configured (or, for `hookpool test`, with no file). */
export function builtinEntries(spec: BuiltinCatalog[number], how: { enabled: boolean; options: Record<string, unknown>; file: string | undefined; at?: { jsonPath: string; format: ConfigFormat } }): NativeHookInput[] {
  const at = how.at ?? { jsonPath: `builtins.${spec.name}`, format: 'native' as const };
  return spec.hooks.map((hook) => ({
    id: builtinHookId(spec, hook.event),
    event: hook.event,
    ...(hook.matcher === null ? {} : { matcher: hook.matcher }),
    priority: hook.priority,
    background: hook.background,
    ...(spec.timeoutMs === undefined ? {} : { timeout: spec.timeoutMs }),
    type: 'module',
    module: spec.module,
    options: how.options,
    enabled: how.enabled,
    description: spec.description,
    origin: 'builtin',
    ...(spec.env.length === 0 ? {} : { env: { pass: [...spec.env] } }),
    ...(how.file === undefined ? {} : { source: { file: how.file, ...at } }),
  }));
}
