// Which of an event's hooks one call runs. The foreground hooks are what the agent waits for; the
// background ones run beside the answer; the asyncRewake ones wake the model with their exit 2,
// which only an agent's own async entry can deliver (Claude Code's `asyncRewake: true`). An
// agent's entries ask for the parts they carry (`--part foreground,background`, `--part rewake`).
import type { HookDefinition } from '../model/hook-definition.js';
import { HookpoolError } from '../errors.js';

export const HOOK_PARTS = ['foreground', 'background', 'rewake'] as const;

export type HookPart = (typeof HOOK_PARTS)[number];

export type HookParts = ReadonlySet<HookPart>;

export const ALL_PARTS: HookParts = new Set(HOOK_PARTS);

/** `foreground,background` → the set; throws ERR_HOOKPOOL_USAGE naming the allowed parts. */
export function parseHookParts(text: string): HookParts {
  const parts = text.split(',').map((part) => part.trim()).filter(Boolean);
  const unknown = parts.filter((part) => !(HOOK_PARTS as readonly string[]).includes(part));
  if (parts.length === 0 || unknown.length > 0) throw new HookpoolError('ERR_HOOKPOOL_USAGE', `--part ${text}: expected a comma-separated list of ${HOOK_PARTS.join(', ')}`);
  return new Set(parts as HookPart[]);
}

export function partOf(hook: Pick<HookDefinition, 'background' | 'rewake'>): HookPart {
  if (hook.rewake !== undefined) return 'rewake';
  return hook.background ? 'background' : 'foreground';
}

/** The hooks of `parts`, or all of them when every part is asked for. */
export function selectHooks<Hook extends Pick<HookDefinition, 'background' | 'rewake'>>(hooks: readonly Hook[], parts: HookParts): readonly Hook[] {
  return parts.size === HOOK_PARTS.length ? hooks : hooks.filter((hook) => parts.has(partOf(hook)));
}

/** `foreground,background`: the parts as `--part` takes them. */
export function describeParts(parts: HookParts): string {
  return HOOK_PARTS.filter((part) => parts.has(part)).join(',');
}
