// The built-in hooks hookpool ships, for `hookpool list`: which ones this configuration switches
// on, and the others, so that a user sees what exists without reading the README.
import { BUILTIN_CATALOG, type BuiltinSpec } from '../../builtins/catalog.js';
import type { CliConfig } from '../../project/load-project.js';

/** One built-in as listed: its name, seed, events, and whether a loaded file switched it on. */
export interface ListedBuiltin {
  readonly name: string;
  readonly seed: BuiltinSpec['seed'];
  readonly events: readonly string[];
  readonly on: boolean;
  readonly description: string;
}

/** Every built-in of the catalog; `on` when one of its hooks is configured and enabled. */
export function listBuiltins(config: CliConfig): ListedBuiltin[] {
  const enabledIds = new Set(config.hooks.filter((hook) => hook.definition.origin === 'builtin' && hook.definition.enabled).map((hook) => hook.definition.id));
  const isOn = (spec: BuiltinSpec) => [...enabledIds].some((id) => id === `builtin:${spec.name}` || id.startsWith(`builtin:${spec.name}@`));
  return BUILTIN_CATALOG.map((spec) => ({
    name: spec.name,
    seed: spec.seed,
    events: [...new Set(spec.hooks.map((hook) => hook.event))],
    on: isOn(spec),
    description: spec.description,
  }));
}

/** The line under the listing: the built-ins not switched on, by name, and how to switch one on. */
export function describeAvailableBuiltins(builtins: readonly ListedBuiltin[]): string | null {
  const off = builtins.filter((builtin) => !builtin.on).map((builtin) => builtin.name);
  if (off.length === 0) return null;
  return `built-ins not switched on (${off.length}): ${off.join(', ')}; "builtins": { "<name>": true } in .hookpool/hooks.json turns one on, hookpool test builtin:<name> tries it`;
}
