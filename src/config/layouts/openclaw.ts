// OpenClaw's Claude-style hooks (khalf-code/aibot, src/hooks/claude-style/{config,executor,registry}.ts):
// a `hooks.claude` section inside OpenClaw's settings, keyed by eight Claude event names, each a
// list of `{ matcher, hooks: [{ type: "command", command: string | string[], timeout (seconds) }] }`.
// OpenClaw runs commands with no shell: an argv as given, or a string split by shell-quote in which
// any shell operator is refused. Its schema is strict: unknown events and keys are rejected.
import picomatch from 'picomatch';
import { z } from 'zod';
import type { EventName } from '../../events/event-specs.js';
import { formatJsonPath } from '../format-issues.js';
import type { NativeHookInput } from '../native-schema.js';
import { HANDLER_KIND_SPECS } from '../../handlers/handler-kinds.js';
import { brokenEntry, finishHook, isPlainObject, parseEntry, problemAt, type FormatResult } from './shared.js';
import { splitOpenclawCommand } from './openclaw-command.js';

/** OpenClaw's default for command hooks when `timeout` (seconds) is absent (executor.ts DEFAULT_TIMEOUTS). */
export const OPENCLAW_DEFAULT_TIMEOUT_SECONDS = 600;

/** The events OpenClaw's Claude-style hooks know; any other key is refused by its schema. */
export const OPENCLAW_EVENTS: readonly EventName[] = [
  'PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'UserPromptSubmit', 'Stop', 'SubagentStart', 'SubagentStop', 'PreCompact',
];

// OpenClaw fires these without waiting for their hooks (the plan: "PostToolUse/Failure (sanitized,
// fire-and-forget)", "PreCompact (fire-and-forget)"): they run in the background, bounded by their
// timeout, and close() drains them. What they answer cannot change the action.
export const OPENCLAW_FIRE_AND_FORGET: ReadonlySet<EventName> = new Set(['PostToolUse', 'PostToolUseFailure', 'PreCompact']);

// OpenClaw matches Stop rules against the identifier "*": a rule whose glob does not match "*"
// never runs on Stop (stop.ts).
const MATCHED_AGAINST_STAR: ReadonlySet<EventName> = new Set(['Stop']);

const groupSchema = z.strictObject(
  {
    matcher: z.string({ error: 'expected a matcher glob ("*" for everything)' }),
    hooks: z.array(z.unknown(), { error: 'expected an array of hooks like [{"type": "command", "command": ["./check.sh"]}]' }),
  },
  { error: 'expected {"matcher": "...", "hooks": [...]}' },
);

const handlerTypeSchema = z.looseObject(
  { type: z.enum(['command', 'prompt', 'agent'], { error: 'expected "type": "command", "prompt" or "agent"' }) },
  { error: 'expected a hook like {"type": "command", "command": "..."}' },
);

const commandHandlerSchema = z.strictObject({
  type: z.literal('command'),
  command: z.union([z.string(), z.array(z.string()).min(1, 'expected a non-empty argv array')], { error: 'expected a command string or an argv array' }),
  timeout: z.number({ error: 'expected a number of seconds' }).int('expected a whole number of seconds').positive('expected a positive number of seconds').max(86_400, 'expected at most 86400 seconds').optional(),
});

// OpenClaw's prompt and agent handlers (types.ts): `{type: "prompt", prompt, model?, timeout?}` and
// `{type: "agent", agent, instructions?, timeout?}`, timeouts in seconds, 30 and 60 by default
// (executor.ts DEFAULT_TIMEOUTS). OpenClaw itself skips them; hookpool hands them to the evaluators.
const promptHandlerSchema = z.strictObject({ type: z.literal('prompt'), prompt: z.string().min(1, 'expected a non-empty prompt'), model: z.string().min(1).optional(), timeout: commandHandlerSchema.shape.timeout });
const agentHandlerSchema = z.strictObject({ type: z.literal('agent'), agent: z.string().min(1, 'expected the agent\'s name'), instructions: z.string().min(1).optional(), timeout: commandHandlerSchema.shape.timeout });

/** True when the settings' `hooks` holds a `claude` section (OpenClaw) rather than event keys. */
export function hasClaudeSection(hooks: unknown): boolean {
  return isPlainObject(hooks) && isPlainObject(hooks.claude);
}

/** Reads the `hooks.claude` section of an OpenClaw settings document. */
export function readOpenclawHooks(document: unknown, file: string): FormatResult {
  const result: FormatResult = { hooks: [], broken: [], problems: [] };
  const section = isPlainObject(document) && isPlainObject(document.hooks) ? document.hooks.claude : undefined;
  if (!isPlainObject(section)) return result;
  for (const [eventKey, groups] of Object.entries(section)) {
    const path = ['hooks', 'claude', eventKey];
    if (!(OPENCLAW_EVENTS as readonly string[]).includes(eventKey)) {
      result.problems.push(problemAt(file, path, `OpenClaw has no event "${eventKey}" (its events: ${OPENCLAW_EVENTS.join(', ')}); its hooks are skipped`));
      continue;
    }
    readEventGroups(groups, { file, event: eventKey as EventName, path }, result);
  }
  return result;
}

interface HandlerPlace {
  readonly file: string;
  readonly event: EventName;
  readonly path: readonly PropertyKey[];
}

// As in the Claude reader, whatever does not load on a known event is recorded as broken where it
// stood (a broken guard refuses rather than vanishing; OpenClaw itself blocks on a command it
// cannot parse). Rules OpenClaw would never run are only reported.
function readEventGroups(groups: unknown, place: HandlerPlace, result: FormatResult): void {
  const { file, event, path } = place;
  const { problems } = result;
  const failing = (at: readonly PropertyKey[], before: number, matcher?: unknown) =>
    result.broken.push(...brokenEntry(undefined, { file, jsonPath: formatJsonPath(at), format: 'openclaw' }, problems.slice(before), { event, matcher: asClaudeMatcher(matcher) }));
  if (!Array.isArray(groups)) {
    const before = problems.length;
    problems.push(problemAt(file, path, 'expected an array of {"matcher", "hooks"} entries'));
    failing(path, before);
    return;
  }
  groups.forEach((value, groupIndex) => {
    const groupPath = [...path, groupIndex];
    let before = problems.length;
    const group = parseEntry(groupSchema, value, { file, path: groupPath }, problems);
    if (!group) return failing(groupPath, before, isPlainObject(value) ? value.matcher : undefined);
    if (!matcherCanFire(event, group.matcher, file, groupPath, problems)) return;
    group.hooks.forEach((handler, index) => {
      const handlerPath = [...groupPath, 'hooks', index];
      before = problems.length;
      const hook = readHandler(handler, { file, event, path: handlerPath }, group.matcher, problems);
      if (hook) result.hooks.push(hook);
      else failing(handlerPath, before, group.matcher);
    });
  });
}

// A broken entry keeps its matcher only where the glob is a plain name, which means the same as a
// Claude Code matcher; any other glob is widened to everything.
function asClaudeMatcher(glob: unknown): string | undefined {
  return typeof glob === 'string' && /^[\w-]+$/.test(glob) ? glob : undefined;
}

/** A rule OpenClaw would never run (an invalid glob, or one that misses "*" on Stop) is reported rather than loaded. */
function matcherCanFire(event: EventName, matcher: string, file: string, path: readonly PropertyKey[], problems: string[]): boolean {
  let matches: (subject: string) => boolean;
  try {
    matches = picomatch(matcher);
  } catch (error) {
    problems.push(problemAt(file, [...path, 'matcher'], `not a valid glob (${(error as Error).message}); OpenClaw never runs these hooks, so they are skipped`));
    return false;
  }
  if (MATCHED_AGAINST_STAR.has(event) && matcher !== '*' && !matches('*')) {
    problems.push(problemAt(file, [...path, 'matcher'], `OpenClaw matches ${event} hooks against "*", which "${matcher}" does not match: they never run, so they are skipped (use "*")`));
    return false;
  }
  return true;
}

function readHandler(value: unknown, place: HandlerPlace, matcher: string, problems: string[]): NativeHookInput | undefined {
  const where = { file: place.file, path: place.path };
  const typed = parseEntry(handlerTypeSchema, value, where, problems);
  if (!typed) return undefined;
  if (typed.type !== 'command') return readEvaluatedHandler(value, typed.type, place, matcher, problems);
  const handler = parseEntry(commandHandlerSchema, value, where, problems);
  if (!handler) return undefined;
  const argv = typeof handler.command === 'string' ? splitOpenclawCommand(handler.command) : { args: handler.command };
  // OpenClaw finds an unparsable command when the hook fires and blocks the event with it;
  // hookpool finds it when loading: a configuration problem (validate fails), and the hook does not run.
  if ('problem' in argv) {
    problems.push(problemAt(place.file, [...place.path, 'command'], `${argv.problem}; the hook is skipped`));
    return undefined;
  }
  const candidate: NativeHookInput = {
    event: place.event,
    // OpenClaw's matchers are globs on the subject (picomatch), which hookpool's `filter.tool` is.
    filter: matcher === '*' ? undefined : { tool: [matcher] },
    args: argv.args,
    timeout: (handler.timeout ?? OPENCLAW_DEFAULT_TIMEOUT_SECONDS) * 1000,
    background: OPENCLAW_FIRE_AND_FORGET.has(place.event) ? true : undefined,
    protocol: 'openclaw',
  };
  return finishHook(candidate, { file: place.file, jsonPath: formatJsonPath(place.path), format: 'openclaw' }, problems);
}

function readEvaluatedHandler(value: unknown, type: 'prompt' | 'agent', place: HandlerPlace, matcher: string, problems: string[]): NativeHookInput | undefined {
  const where = { file: place.file, path: place.path };
  const handler = type === 'prompt' ? parseEntry(promptHandlerSchema, value, where, problems) : parseEntry(agentHandlerSchema, value, where, problems);
  if (!handler) return undefined;
  const evaluated = handler.type === 'prompt'
    ? { type: 'prompt' as const, prompt: handler.prompt, model: handler.model }
    : { type: 'agent' as const, prompt: handler.instructions ?? `Run the agent "${handler.agent}" on this event: $ARGUMENTS`, agentConfig: { agent: handler.agent } };
  const candidate: NativeHookInput = {
    event: place.event,
    filter: matcher === '*' ? undefined : { tool: [matcher] },
    ...evaluated,
    timeout: handler.timeout === undefined ? HANDLER_KIND_SPECS[type].defaultTimeoutMs : handler.timeout * 1000,
    background: OPENCLAW_FIRE_AND_FORGET.has(place.event) ? true : undefined,
    protocol: 'openclaw',
  };
  return finishHook(candidate, { file: place.file, jsonPath: formatJsonPath(place.path), format: 'openclaw' }, problems);
}
