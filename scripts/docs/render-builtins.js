// The built-ins table of docs/builtins.md, from BUILTIN_CATALOG (src/builtins/catalog.ts).
import { cell, code, table } from './markdown.js';

function entries(spec) {
  return spec.hooks
    .map((hook) => {
      const on = hook.matcher === null ? '' : ` on ${code(hook.matcher)}`;
      return `${hook.event}${on} (${hook.priority}${hook.background ? ', background' : ''})`;
    })
    .join('; ');
}

function defaultValue(value) {
  if (value === undefined) return 'unset';
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map(code).join(', ');
  return code(JSON.stringify(value));
}

/** Each option and its default, read from the options schema (`parse({})` gives every default). */
function options(spec) {
  const defaults = spec.options.parse({});
  const names = Object.keys(spec.options.shape);
  if (names.length === 0) return '—';
  return names.map((name) => `${code(name)}: ${defaultValue(defaults[name])}`).join('; ');
}

/** The table: one row per built-in, in catalog order. */
export function renderBuiltins(catalog) {
  const rows = catalog.map((spec) => [
    code(spec.name),
    spec.seed,
    cell(entries(spec)),
    spec.enabledByDefault ? 'on' : 'off',
    cell(spec.description),
    cell(options(spec)),
    spec.env.map(code).join(', '),
  ]);
  return table(['built-in', 'from', 'event (priority)', 'default', 'what it does', 'options (default)', 'reads'], rows);
}
