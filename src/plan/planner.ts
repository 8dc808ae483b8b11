// Which hooks run for an (event, subject) pair: decided once, then memoised, so the hot path of
// a tool loop is two Map lookups. Pure: no pool, no processes.
import picomatch from 'picomatch';
import type { HookDefinition } from '../config/model.js';
import type { EventName, EventSpec } from '../events/event-specs.js';
import { compileMatcher, type CompiledMatcher } from './compile-matcher.js';

/** A hook ready to fire: its definition, position in config order, and compiled tests. */
export interface PlannedHook {
  readonly hook: HookDefinition;
  readonly configIndex: number;
  readonly matches: CompiledMatcher;
  /** Conditions on the payload itself (file path, session id); null when there are none. */
  readonly payloadFilter: PayloadFilter | null;
}

export type PayloadFilter = (payload: Record<string, unknown>, sessionId: string, cwd: string) => boolean;

export const NO_HOOKS: readonly PlannedHook[] = Object.freeze([]);

// Agents call tools by a bounded set of names; a cap still keeps a runaway subject space finite.
const MAX_MEMO_ENTRIES = 4096;

export class Planner {
  private readonly byEvent = new Map<EventName, PlannedHook[]>();
  private readonly memo = new Map<EventName, Map<string, readonly PlannedHook[]>>();

  constructor(hooks: readonly HookDefinition[]) {
    hooks.forEach((hook, configIndex) => {
      if (!hook.enabled) return;
      const planned: PlannedHook = { hook, configIndex, matches: compileSubjectTest(hook), payloadFilter: compilePayloadFilter(hook) };
      const list = this.byEvent.get(hook.event) ?? [];
      list.push(planned);
      this.byEvent.set(hook.event, list);
    });
  }

  /** True when any enabled hook listens to the event. */
  hasEvent(event: EventName): boolean {
    return this.byEvent.has(event);
  }

  get isEmpty(): boolean {
    return this.byEvent.size === 0;
  }

  /** The hooks whose matcher accepts the subject, in config order (shared, frozen). */
  plan(spec: EventSpec, subject: string): readonly PlannedHook[] {
    const candidates = this.byEvent.get(spec.name);
    if (candidates === undefined) return NO_HOOKS;
    let memo = this.memo.get(spec.name);
    if (memo === undefined) this.memo.set(spec.name, (memo = new Map()));
    const known = memo.get(subject);
    if (known !== undefined) return known;
    // Events with no matcher subject ignore matchers (PROTOCOL.md, "Matchers").
    const chosen = spec.matcherField === null ? candidates : candidates.filter((planned) => planned.matches(subject));
    const frozen = chosen.length === 0 ? NO_HOOKS : Object.freeze(chosen);
    if (memo.size >= MAX_MEMO_ENTRIES) memo.clear();
    memo.set(subject, frozen);
    return frozen;
  }
}

function compileSubjectTest(hook: HookDefinition): CompiledMatcher {
  const matcher = compileMatcher(hook.matcher);
  const tools = hook.filter?.tool;
  if (tools === undefined || tools.length === 0) return matcher;
  const toolGlob = picomatch(tools as string[]);
  return (subject) => matcher(subject) && toolGlob(subject);
}

function compilePayloadFilter(hook: HookDefinition): PayloadFilter | null {
  const paths = hook.filter?.path;
  const sessions = hook.filter?.sessionId;
  const pathGlob = paths && paths.length > 0 ? picomatch(paths as string[], { dot: true }) : null;
  const sessionGlob = sessions && sessions.length > 0 ? picomatch(sessions as string[]) : null;
  if (pathGlob === null && sessionGlob === null) return null;
  return (payload, sessionId, cwd) => {
    if (sessionGlob !== null && !sessionGlob(sessionId)) return false;
    if (pathGlob === null) return true;
    const path = payloadPath(payload);
    return path !== undefined && pathGlob(relativeTo(cwd, path));
  };
}

/** The file a tool call or file event is about, where the payload names one. */
function payloadPath(payload: Record<string, unknown>): string | undefined {
  const toolInput = payload.tool_input as Record<string, unknown> | undefined;
  const candidate = toolInput?.file_path ?? toolInput?.path ?? toolInput?.notebook_path ?? payload.file_path;
  return typeof candidate === 'string' ? candidate : undefined;
}

function relativeTo(cwd: string, path: string): string {
  const prefix = cwd.endsWith('/') ? cwd : `${cwd}/`;
  return path.startsWith(prefix) ? path.slice(prefix.length) : path;
}
