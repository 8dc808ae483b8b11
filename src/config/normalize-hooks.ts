import { basename } from 'node:path';
import { kindOf } from '../handlers/handler-kinds.js';
import type { ConfigFormat, HookDefinition, HookSource } from '../model/hook-definition.js';
import type { NativeHookInput } from './native-schema.js';

type Unnamed = Omit<HookDefinition, 'id'> & { id: string | undefined };

/**
 * Two hooks are the same hook when everything but where they were written matches: they then run
 * once. A function hook is its callback, which JSON cannot show: the same callback, the same hook.
 * An Autohand entry is a hook of its own wherever it repeats another (Autohand runs every entry of
 * its list), so its place is part of what it is.
 */
export function hookIdentity(hook: Unnamed): string {
  const { source, trustedScripts: _trustedScripts, handler, ...definition } = hook;
  const place = source?.format === 'autohand' ? [source.file, source.jsonPath] : null;
  return JSON.stringify([handler.kind === 'function' ? `function#${callbackNumber(handler.run)}` : handler, definition, place]);
}

// Formats whose hooks each carry an id (their own, or one hookpool gives an Autohand entry).
const FORMATS_WITH_IDS: ReadonlySet<ConfigFormat> = new Set(['native', 'wundr', 'autohand']);

/**
 * Whether a hook's id is part of what it runs as: true for hooks of hookpool's own, Wundr's and
 * Autohand's files and for hooks given to the engine directly, whose ids tell them apart, so two
 * such hooks running the same command both run. A Claude Code handler has no id: the same handler
 * in several settings files runs once, as Claude Code runs it.
 */
export function idTellsApart(hook: { readonly source?: HookSource | undefined }): boolean {
  return hook.source === undefined || FORMATS_WITH_IDS.has(hook.source.format);
}

const callbackNumbers = new WeakMap<object, number>();
let nextCallbackNumber = 1;
function callbackNumber(callback: object): number {
  let number = callbackNumbers.get(callback);
  if (number === undefined) callbackNumbers.set(callback, (number = nextCallbackNumber++));
  return number;
}

/**
 * Drops repeated hooks (first definition wins, so its source is the one reported) and gives
 * every hook a unique id: its own, or `<program>@<event>` with `-2`, `-3`, ... on collisions.
 */
export function normalizeHooks(hooks: readonly Unnamed[]): HookDefinition[] {
  const seen = new Set<string>();
  const taken = new Set(hooks.flatMap((hook) => (hook.id === undefined ? [] : [hook.id])));
  const result: HookDefinition[] = [];
  for (const hook of hooks) {
    const identity = hookIdentity(hook);
    if (seen.has(identity)) continue;
    seen.add(identity);
    result.push({ ...hook, id: hook.id ?? uniqueId(defaultId(hook), taken) });
  }
  return result;
}

function defaultId(hook: Unnamed): string {
  const { handler } = hook;
  const program = kindOf(handler).program(handler, hook);
  return `${basename(program)}@${hook.event}`;
}

/** The id of a hook that has none: `<program>@<event>`, made unique among `taken` (which it joins). */
export function nameHook(hook: Unnamed, taken: Set<string>): string {
  return uniqueId(defaultId(hook), taken);
}

function uniqueId(base: string, taken: Set<string>): string {
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  taken.add(id);
  return id;
}

/**
 * Ids name one hook per engine. A hook whose explicit id an earlier one (of the same or another
 * file) already has runs under `<id>-2`, `-3`, ..., with a problem line saying so; its
 * environment and everything else stay its own.
 */
export function makeIdsUnique(hooks: readonly NativeHookInput[], problems: string[]): NativeHookInput[] {
  const firstAt = new Map<string, string>();
  const taken = new Set(hooks.flatMap((hook) => (hook.id === undefined ? [] : [hook.id])));
  return hooks.map((hook) => {
    if (hook.id === undefined) return hook;
    const here = hook.source === undefined ? '(inline)' : `${hook.source.file} ${hook.source.jsonPath}`;
    const first = firstAt.get(hook.id);
    if (first === undefined) {
      firstAt.set(hook.id, here);
      return hook;
    }
    const renamed = uniqueId(hook.id, taken);
    const where = hook.source === undefined ? '(inline)' : `${hook.source.file}: ${hook.source.jsonPath}.id`;
    problems.push(`${where}: duplicate id "${hook.id}" (first used at ${first}); this hook runs as "${renamed}"; give each hook a unique id`);
    return { ...hook, id: renamed };
  });
}
