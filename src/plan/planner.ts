// Which hooks run for an (event, subject) pair: decided once, then memoised, so the hot path of
// a tool loop is two Map lookups. Pure: no pool, no processes.
import type Picomatch from 'picomatch';
import { picomatch } from './lazy-packages.js';
import type { HookDefinition } from '../model/hook-definition.js';
import { idTellsApart } from '../config/normalize-hooks.js';
import { EVENT_NAMES, EVENT_SPECS, type EventName, type EventSpec } from '../events/event-specs.js';
import { compileMatcher, type CompiledMatcher } from '../compilers/compile-matcher.js';
import { matcherLanguageOf } from '../compilers/matcher-language.js';
import { compileLevelTest } from './level-filter.js';
import { PROTOCOLS } from '../run/hook-protocols/protocols.js';
import { canEverRun, handlerTests, type PathAnchors } from './handler-filters.js';

/** A hook ready to fire: its definition, position in config order, and compiled tests. */
export interface PlannedHook {
  readonly hook: HookDefinition;
  readonly configIndex: number;
  readonly matches: CompiledMatcher;
  /** Conditions on the payload itself (file path, session id); null when there are none. */
  readonly payloadFilter: PayloadFilter | null;
  /** What actually runs (program, arguments, directory, environment, sandbox): equal keys run once per fire. */
  readonly runKey: string;
}

export type PayloadFilter = (payload: Record<string, unknown>, sessionId: string, cwd: string) => boolean;

export const NO_HOOKS: readonly PlannedHook[] = Object.freeze([]);

// Agents call tools by a bounded set of names; a cap still keeps a runaway subject space finite.
const MAX_MEMO_ENTRIES = 4096;

/** One event's hooks, and the memo of which of them run for each subject. */
export class EventPlan {
  readonly hasHooks: boolean;
  /** The Wundr hooks among them: a fire reports each one its matcher leaves out (FireResult.skipped). */
  readonly wundrHooks: readonly PlannedHook[];
  private readonly memo = new Map<string, readonly PlannedHook[]>();
  private readonly all: readonly PlannedHook[];

  constructor(
    readonly spec: EventSpec,
    candidates: readonly PlannedHook[],
  ) {
    this.hasHooks = candidates.length > 0;
    this.all = candidates.length === 0 ? NO_HOOKS : Object.freeze([...candidates]);
    const wundr = candidates.filter((planned) => planned.hook.protocol === 'wundr');
    this.wundrHooks = wundr.length === 0 ? NO_HOOKS : Object.freeze(wundr);
  }

  /**
   * The hooks whose matcher accepts the subject, in config order (shared, frozen). A null subject
   * (see matcherSubjectOf: no matcher field, or no subject derivable) runs every hook.
   */
  plan(subject: string | null, agentSubject?: string): readonly PlannedHook[] {
    if (subject === null || this.spec.matcherField === null) return this.all;
    // The agent's own tool name beside the canonical one (agentSubjectOf): a matcher may name either.
    const key = agentSubject === undefined || agentSubject === subject ? subject : `${subject}\0${agentSubject}`;
    return this.memo.get(key) ?? this.remember(key, subject, key === subject ? undefined : agentSubject);
  }

  private remember(key: string, subject: string, agentSubject: string | undefined): readonly PlannedHook[] {
    const chosen = this.all.filter((planned) => planned.matches(subject) || (agentSubject !== undefined && planned.matches(agentSubject)));
    const frozen = chosen.length === 0 ? NO_HOOKS : Object.freeze(chosen);
    if (this.memo.size >= MAX_MEMO_ENTRIES) this.memo.clear();
    this.memo.set(key, frozen);
    return frozen;
  }
}

// Where `if` file rules anchor `/x` and `~/x` when the caller does not say.
const DEFAULT_ANCHORS: PathAnchors = { projectDir: process.cwd(), home: process.env.HOME ?? '/' };

/**
 * The plan of every event, reachable by its canonical name and by each alias, so that a fire
 * finds its event and whether anything listens with a single Map lookup. `anchors` roots the
 * `if` rules' file patterns (`/x` at the project, `~/x` at home).
 */
export function planEvents(hooks: readonly (HookDefinition | undefined)[], anchors: PathAnchors = DEFAULT_ANCHORS): Map<string, EventPlan> {
  const byEvent = new Map<EventName, PlannedHook[]>();
  hooks.forEach((hook, configIndex) => {
    if (hook === undefined || !hook.enabled || !canEverRun(hook)) return;
    const planned: PlannedHook = { hook, configIndex, matches: compileSubjectTest(hook), payloadFilter: compilePayloadFilter(hook, anchors), runKey: runKeyOf(hook) };
    byEvent.set(hook.event, [...(byEvent.get(hook.event) ?? []), planned]);
  });
  const plans = new Map<string, EventPlan>();
  for (const name of EVENT_NAMES) {
    const spec = EVENT_SPECS[name];
    const plan = new EventPlan(spec, byEvent.get(name) ?? []);
    for (const key of [name, ...spec.aliases]) plans.set(key, plan);
  }
  return plans;
}

/**
 * hookpool's one priority rule (Wundr's): higher `priority` first, then configuration order. It
 * orders a sequential chain, Wundr's merge and hooksFor(); parallel hooks start together and
 * their answers merge in configuration order, whatever their priority.
 */
export function byPriority(a: { hook: HookDefinition; configIndex: number }, b: { hook: HookDefinition; configIndex: number }): number {
  return b.hook.priority - a.hook.priority || a.configIndex - b.configIndex;
}

// Claude Code runs a handler repeated across settings files once. What the process gets decides
// what runs (the same command under another protocol, or with other fixed variables such as
// Wundr's WUNDR_HOOK_ID, is another run); its `if`, shell and wake-up are part of what the
// handler is, and a skill's or subagent's copy stays separate. A hook whose id tells it apart
// (idTellsApart: hookpool's own, Wundr's and Autohand's hooks) is its own run.
// A function hook is its callback, which JSON cannot show: each one is its own run.
function runKeyOf(hook: HookDefinition): string {
  const { id, handler, command, args, cwd, env, sandbox, template, loadError, protocol, if: rule, shell, rewake, skill, agentType } = hook;
  const runs = handler.kind === 'function' ? `function:${id}` : handler;
  const ownId = idTellsApart(hook) ? id : null;
  return JSON.stringify([runs, ownId, command, args, cwd, env, sandbox, template, loadError, protocol, PROTOCOLS[protocol].hookVariables(id), rule, shell, rewake, skill, agentType]);
}

/**
 * The hooks of one fire that pass their payload filters, with a command defined several times
 * (in several files, under several matchers) kept once: its last definition, the one of the
 * highest-precedence file (local > project > user), in that definition's place.
 */
export function chooseHooks(plan: readonly PlannedHook[], payload: Record<string, unknown>, sessionId: string, cwd: string): PlannedHook[] {
  const passing = plan.filter((planned) => planned.payloadFilter === null || planned.payloadFilter(payload, sessionId, cwd));
  if (passing.length < 2) return passing;
  const lastOfKey = new Map(passing.map((planned) => [planned.runKey, planned]));
  return lastOfKey.size === passing.length ? passing : passing.filter((planned) => lastOfKey.get(planned.runKey) === planned);
}

function compileSubjectTest(hook: HookDefinition): CompiledMatcher {
  const matcher = compileMatcher(hook.matcher, matcherLanguageOf(hook));
  const tools = hook.filter?.tool;
  if (tools === undefined || tools.length === 0) return matcher;
  const toolGlob = picomatch(tools as string[]);
  return (subject) => matcher(subject) && toolGlob(subject);
}

function compilePayloadFilter(hook: HookDefinition, anchors: PathAnchors): PayloadFilter | null {
  const globFilter = compileGlobFilter(hook);
  const tests = handlerTests(hook, anchors);
  if (tests.length === 0) return globFilter;
  return (payload, sessionId, cwd) => (globFilter === null || globFilter(payload, sessionId, cwd)) && tests.every((test) => test(payload, cwd));
}

// The seed formats' globs and levels (Autohand `filter`, Wundr matcher objects).
function compileGlobFilter(hook: HookDefinition): PayloadFilter | null {
  const pathGlob = compileGlobs(hook.filter?.path, { dot: true });
  const sessionGlob = compileGlobs(hook.filter?.sessionId);
  const subagentGlob = compileGlobs(hook.filter?.subagentId);
  const levels = compileLevelTest(hook.filter);
  if (pathGlob === null && sessionGlob === null && subagentGlob === null && levels === null) return null;
  return (payload, sessionId, cwd) => {
    if (sessionGlob !== null && !sessionGlob(sessionId)) return false;
    // Wundr tests `subagentId` only where the payload names a subagent.
    if (subagentGlob !== null && typeof payload.agent_id === 'string' && !subagentGlob(payload.agent_id)) return false;
    if (levels !== null && !levels(payload)) return false;
    if (pathGlob === null) return true;
    const path = payloadPath(payload);
    return path !== undefined && pathGlob(relativeTo(cwd, path));
  };
}

function compileGlobs(globs: readonly string[] | undefined, options: Picomatch.PicomatchOptions = {}): Picomatch.Matcher | null {
  return globs && globs.length > 0 ? picomatch(globs as string[], options) : null;
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
