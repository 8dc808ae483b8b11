// Wundr switches its built-in hooks on with `registerBuiltInHooks(registry, logger, options)`,
// whose options disable them "individually or collectively". A Wundr config says the same under
// `builtInHooks`: `"all"` (or `true`) installs Wundr's twelve with their defaults, `false` none,
// and an object names them one by one, each as a native file's `builtins` entry (`true`, `false`
// or `{ enabled, options }`), with `"all": true` first switching every Wundr built-in on, so
// `{ "all": true, "notification-router": false }` disables one. Names may carry Wundr's
// `builtin:` prefix.
import { closest } from 'fastest-levenshtein';
import { builtinEntries, type BuiltinCatalog } from '../builtin-hooks.js';
import { builtinSettingSchema } from '../builtins-field.js';
import { formatIssues } from '../format-issues.js';
import type { NativeHookInput } from '../native-schema.js';
import { isPlainObject, problemAt } from './shared.js';

/** The field of a Wundr config that holds the options. */
export const WUNDR_BUILTINS_FIELD = 'builtInHooks';

type Spec = BuiltinCatalog[number];

// Wundr's own built-ins: the catalog's `seed`, when a catalog (a test's) does not say, the ones on by default.
const isWundrBuiltin = (spec: Spec) => ((spec as { seed?: string }).seed ?? (spec.enabledByDefault ? 'wundr' : 'other')) === 'wundr';

/** The built-in hook entries a Wundr config's `builtInHooks` installs; bad names and options are problem lines. */
export function readWundrBuiltins(document: unknown, file: string, catalog: BuiltinCatalog, problems: string[]): NativeHookInput[] {
  const setting = isPlainObject(document) ? document[WUNDR_BUILTINS_FIELD] : undefined;
  if (setting === undefined || setting === false) return [];
  const fileEnabled = !(isPlainObject(document) && document.enabled === false);
  const install = (spec: Spec, enabled: boolean, options: Record<string, unknown>, key: string) =>
    builtinEntries(spec, { enabled: fileEnabled && enabled, options, file, at: { jsonPath: `${WUNDR_BUILTINS_FIELD}.${key}`, format: 'wundr' } });
  if (setting === 'all' || setting === true) return catalog.filter(isWundrBuiltin).flatMap((spec) => install(spec, true, {}, spec.name));
  if (!isPlainObject(setting)) {
    problems.push(problemAt(file, [WUNDR_BUILTINS_FIELD], 'expected "all", true, false, or an object of built-in names like {"dangerous-tool-blocker": true}'));
    return [];
  }
  const { all, ...named } = setting;
  if (all !== undefined && typeof all !== 'boolean') problems.push(problemAt(file, [WUNDR_BUILTINS_FIELD, 'all'], 'expected true or false'));
  const chosen = new Map<string, { spec: Spec; enabled: boolean; options: Record<string, unknown>; key: string }>();
  if (all === true) for (const spec of catalog.filter(isWundrBuiltin)) chosen.set(spec.name, { spec, enabled: true, options: {}, key: spec.name });
  for (const [key, value] of Object.entries(named)) {
    const name = key.startsWith('builtin:') ? key.slice('builtin:'.length) : key;
    const spec = catalog.find((entry) => entry.name === name);
    if (spec === undefined) {
      const known = catalog.map((entry) => entry.name);
      problems.push(problemAt(file, [WUNDR_BUILTINS_FIELD, key], `unknown built-in${known.length > 0 ? ` (did you mean "${closest(name, known)}"?)` : ''}`));
      continue;
    }
    const parsed = builtinSettingSchema.safeParse(value);
    if (!parsed.success) {
      problems.push(...formatIssues(parsed.error, file, `${WUNDR_BUILTINS_FIELD}.${key}`));
      continue;
    }
    const { enabled, options } = typeof parsed.data === 'boolean' ? { enabled: parsed.data, options: undefined } : parsed.data;
    const checked = spec.options.safeParse(options ?? {});
    if (!checked.success) {
      problems.push(...formatIssues(checked.error, file, `${WUNDR_BUILTINS_FIELD}.${key}.options`));
      continue;
    }
    chosen.set(spec.name, { spec, enabled: enabled ?? spec.enabledByDefault, options: options ?? {}, key });
  }
  return [...chosen.values()].flatMap(({ spec, enabled, options, key }) => install(spec, enabled, options, key));
}
