// Guarantee 7 for hook output, as properties: whatever a hook prints, with any exit code and any
// way its run ended, reading and merging it gives a well-typed FireResult and never throws; and
// through a real engine, whatever bytes a hook prints come back intact and the fire resolves.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { aggregateFire } from '../../src/aggregate/aggregate-fire.js';
import { MAX_MODEL_TEXT_CHARS } from '../../src/aggregate/cap-text.js';
import { canRefuse, isRefusal } from '../../src/events/decision-rank.js';
import { noAnswerReason, readHookOutput, type ReadingRules } from '../../src/aggregate/read-hook-output.js';
import { createHookEngine, EVENT_NAMES, EVENT_SPECS, type EventSpec, type FireResult, type HookOutcome, type HookStatus } from '../../src/index.js';
import { HOSTS } from '../helpers/hosts.js';
import { anyJson, mostly } from './arbitraries.js';

const STATUSES: readonly HookStatus[] = ['ok', 'exit_nonzero', 'timed_out', 'aborted', 'spawn_failed', 'crashed'];
const EXIT_CODES = [0, 1, 2, 127] as const;
const RULES: readonly ReadingRules[] = (['claude', 'any-nonzero-blocks'] as const).flatMap((exitCodes) => (['open', 'closed'] as const).map((onError) => ({ exitCodes, onError })));
const DECISIONS = ['allow', 'deny', 'ask', 'defer', 'block'];
const CAPPED_FIELDS = ['reason', 'additionalContext', 'systemMessage', 'stopReason', 'initialUserMessage', 'classifierContext'];
const SPECS: readonly EventSpec[] = EVENT_NAMES.map((name) => EVENT_SPECS[name]);

// Text around the 10,000-character cap, with surrogate pairs that the cut must not split.
const longText = fc.tuple(fc.integer({ min: MAX_MODEL_TEXT_CHARS - 3, max: MAX_MODEL_TEXT_CHARS + 3 }), fc.constantFrom('x', 'é', '😀'))
  .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)));
const someText = fc.oneof({ weight: 5, arbitrary: fc.string({ maxLength: 20 }) }, { weight: 1, arbitrary: longText });
const decisionWord = fc.constantFrom(...DECISIONS, 'approve', '', 'constructor', '__proto__');
const object = fc.dictionary(fc.string({ maxLength: 5 }), anyJson, { maxKeys: 3 });

/** JSON output objects with every field the protocol knows, right and wrong. */
const jsonOutput = fc.record({
  continue: mostly(fc.boolean()),
  stopReason: mostly(someText),
  systemMessage: mostly(someText),
  suppressOutput: mostly(fc.boolean()),
  decision: mostly(decisionWord),
  reason: mostly(someText),
  updatedInput: mostly(object),
  additionalContext: mostly(someText),
  hookSpecificOutput: mostly(fc.record({
    hookEventName: mostly(fc.constantFrom(...EVENT_NAMES, 'tool.pre', 'Other')),
    permissionDecision: mostly(decisionWord),
    permissionDecisionReason: mostly(someText),
    updatedInput: mostly(object),
    additionalContext: mostly(someText),
    decision: mostly(fc.record({ behavior: mostly(decisionWord), updatedInput: mostly(object), message: mostly(someText), updatedPermissions: mostly(fc.oneof(fc.array(object), anyJson)), interrupt: mostly(anyJson) }, { requiredKeys: [] })),
    updatedToolOutput: anyJson,
    classifierContext: mostly(someText),
    initialUserMessage: mostly(someText),
    sessionTitle: mostly(someText),
    watchPaths: mostly(fc.oneof(fc.array(fc.string({ maxLength: 10 })), anyJson)),
    retry: mostly(anyJson),
    displayContent: mostly(anyJson),
    action: mostly(fc.constantFrom('accept', 'decline', 'cancel', 'maybe')),
    content: mostly(anyJson),
    somethingNew: mostly(anyJson),
  }, { requiredKeys: [] })),
  terminalSequence: mostly(fc.constantFrom('\u0007', '\u001b]777;notify;a;b\u0007', '\u001b[31m')),
}, { requiredKeys: [] });

/** Anything a hook may print: bytes decoded as the worker decodes them, text, JSON, JSON output. */
const stdout = fc.oneof(
  fc.uint8Array({ maxLength: 1024 }).map((bytes) => Buffer.from(bytes).toString('utf8')),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.json({ maxDepth: 3 }),
  jsonOutput.map((output) => JSON.stringify(output)),
  fc.tuple(fc.constantFrom('', '  \n', '\ufeff'), jsonOutput, fc.constantFrom('', '\n', ' trailing')).map(([before, output, after]) => `${before}${JSON.stringify(output)}${after}`),
);

const runEnding = fc.record({
  stdout,
  stderr: fc.oneof(fc.string({ maxLength: 50 }), longText),
  truncated: fc.boolean(),
  signal: fc.constantFrom(null, 'SIGTERM', 'SIGKILL'),
});

type Ending = { stdout: string; stderr: string; truncated: boolean; signal: string | null };

function outcome(id: string, ending: Ending, status: HookStatus, exitCode: number | null): HookOutcome {
  return { id, status, exitCode, durationMs: 1, ...ending };
}

/**
 * What is wrong with a result's field types, as sentences (none: well typed). Plain checks rather
 * than expect(): the first property makes about 60,000 results.
 */
function typeProblems(result: FireResult, spec: EventSpec, outcomes: HookOutcome[]): string[] {
  const problems: string[] = [];
  const check = (ok: boolean, what: string) => ok || problems.push(what);
  check(result.event === spec.name, `event is ${String(result.event)}`);
  check(typeof result.blocked === 'boolean', 'blocked is not a boolean');
  check(typeof result.continue === 'boolean', 'continue is not a boolean');
  check(result.decision === null || DECISIONS.includes(result.decision), `decision is ${String(result.decision)}`);
  for (const field of CAPPED_FIELDS) {
    const value = result[field as keyof FireResult];
    check(value === null || (typeof value === 'string' && value.length <= MAX_MODEL_TEXT_CHARS), `${field} is not null or a capped string`);
  }
  const { updatedInput } = result;
  check(updatedInput === null || (typeof updatedInput === 'object' && !Array.isArray(updatedInput)), 'updatedInput is not null or an object');
  check(result.updatedToolOutput !== undefined, 'updatedToolOutput is undefined');
  check(result.classifierContext === null || result.classifierContext.length <= 2_000, 'classifierContext is over 2,000 characters');
  check(result.watchPaths === null || (Array.isArray(result.watchPaths) && result.watchPaths.every((path) => typeof path === 'string')), 'watchPaths is not null or strings');
  check(result.updatedPermissions === null || (Array.isArray(result.updatedPermissions) && result.decision === 'allow'), 'updatedPermissions without an allow');
  check(typeof result.retry === 'boolean' && typeof result.interrupt === 'boolean' && typeof result.reloadSkills === 'boolean', 'a flag is not a boolean');
  check(result.elicitationAction === null || ['accept', 'decline', 'cancel'].includes(result.elicitationAction), `elicitationAction is ${String(result.elicitationAction)}`);
  check(result.decidedBy.length === 0 ? result.decision === null : result.decidedBy.every((hook) => outcomes.some((o) => o.id === hook.id)), 'decidedBy does not match the decision');
  check(Array.isArray(result.textTruncated) && result.textTruncated.every((field) => CAPPED_FIELDS.includes(field)), 'textTruncated is wrong');
  check(result.hooks.length === outcomes.length && result.hooks.every((hook, index) => hook === outcomes[index]), 'hooks are not the outcomes, in order');
  check(result.failures.every((failure) => typeof failure.message === 'string' && outcomes.some((o) => o.id === failure.id)), 'a failure is malformed');
  check(result.hookErrors.every((error) => typeof error.message === 'string' && outcomes.some((o) => o.id === error.id)), 'a hook error is malformed');
  // Only events that announce an action can hold it back.
  check(!result.blocked || spec.exit2 === 'block' || spec.permissionAnswer !== null, `blocked on ${spec.name}`);
  return problems;
}

function expectWellTyped(result: FireResult, spec: EventSpec, outcomes: HookOutcome[]): void {
  const problems = typeProblems(result, spec, outcomes);
  if (problems.length > 0) expect.fail(`${spec.name}: ${problems.join('; ')}`);
}

describe('reading and merging arbitrary hook output', () => {
  it('gives a well-typed FireResult for every event, exit code, status and rule', () => {
    fc.assert(fc.property(runEnding, (ending) => {
      for (const spec of SPECS) {
        for (const exitCode of EXIT_CODES) {
          for (const status of STATUSES) {
            for (const rule of RULES) {
              const one = outcome('h', ending, status, exitCode);
              const verdict = readHookOutput(spec, one, rule);
              const result = aggregateFire(spec, [rule], [one]);
              const problems = typeProblems(result, spec, [one]);
              if (!verdict.errors.every((error) => typeof error === 'string')) problems.push('an error is not a string');
              // A hook that gave no answer (timed out, aborted, never started, crashed, exit 126/127, JSON
              // output cut at the cap) is always reported; it refuses exactly when it fails closed on an event that can refuse.
              if (noAnswerReason(spec, one, rule) !== null) {
                if (result.failures.length !== 1) problems.push(`${status} was not reported as a failure`);
                const refuses = rule.onError === 'closed' && canRefuse(spec);
                if (refuses !== isRefusal(result.decision)) problems.push(`${status} under onError ${rule.onError} decided ${String(result.decision)}`);
                if (!result.continue || result.additionalContext !== null || result.updatedInput !== null) problems.push(`${status} contributed output`);
              } else if (result.failures.length !== 0) problems.push('an answer was reported as a failure');
              if (problems.length > 0) expect.fail(`${spec.name}, exit ${exitCode}, ${status}, ${rule.exitCodes}/${rule.onError}: ${problems.join('; ')}`);
            }
          }
        }
      }
    }), { numRuns: 80 });
  });

  it('merges several hooks of any ending into a well-typed FireResult, the same whatever finished first', () => {
    const hook = fc.record({ ending: runEnding, status: fc.constantFrom(...STATUSES), exitCode: fc.constantFrom(...EXIT_CODES, null), rule: fc.constantFrom(...RULES) });
    // At least two hooks, so that the two finishing orders compared below always differ.
    fc.assert(fc.property(fc.array(hook, { minLength: 2, maxLength: 4 }), fc.constantFrom(...SPECS), (hooks, spec) => {
      const rules = hooks.map((h) => h.rule);
      // The same outcomes, finished in config order (each later hook took longer) and in reverse.
      const finished = (durationOf: (index: number) => number) => hooks.map((h, index) => ({ ...outcome(`h${index}`, h.ending, h.status, h.exitCode), durationMs: durationOf(index) }));
      const inOrder = finished((index) => 10 * (index + 1));
      const reversed = finished((index) => 10 * (hooks.length - index));
      const result = aggregateFire(spec, rules, inOrder);
      expectWellTyped(result, spec, inOrder);
      // Config order decides, not completion order: the answer is the same, but for the outcomes
      // themselves and the durations a failed hook's message reports (its own, not the order).
      const answer = ({ hooks: outcomes, ...rest }: FireResult) => ({ ids: outcomes.map((o) => o.id), rest: JSON.stringify(rest).replace(/\d+ ms\b/g, 'N ms') });
      expect(answer(aggregateFire(spec, rules, reversed))).toEqual(answer(result));
    }), { numRuns: 300 });
  });
});

describe.each(HOSTS)('arbitrary bytes printed by a real hook on the %s host', (host) => {
  const dir = mkdtempSync(join(tmpdir(), 'hookpool-prop-bytes-'));
  const bytesFile = join(dir, 'bytes');
  const codeFile = join(dir, 'code');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('come back intact on stdout and stderr, and the fire resolves', async () => {
    const script = `cat "${bytesFile}"; cat "${bytesFile}" >&2; exit "$(cat "${codeFile}")"`;
    const events = ['PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'Stop', 'PermissionRequest', 'SessionStart', 'Notification'] as const;
    const engine = createHookEngine({ host, hooks: events.map((event) => ({ id: event, event, command: script })) });
    try {
      await fc.assert(fc.asyncProperty(
        fc.oneof(fc.uint8Array({ maxLength: 4096 }), jsonOutput.map((output) => new TextEncoder().encode(JSON.stringify(output)))),
        fc.constantFrom(...EXIT_CODES), fc.constantFrom(...events),
        async (bytes, exitCode, event) => {
          writeFileSync(bytesFile, bytes);
          writeFileSync(codeFile, String(exitCode));
          const result = await engine.fire(event, { tool_name: 'Bash', tool_input: {}, prompt: 'p', message: 'm' });
          const expected = Buffer.from(bytes).toString('utf8');
          expect(result.hooks).toHaveLength(1);
          expect(result.hooks[0]).toMatchObject({ status: exitCode === 0 ? 'ok' : 'exit_nonzero', exitCode, stdout: expected, stderr: expected, truncated: false });
          expectWellTyped(result, EVENT_SPECS[event], result.hooks);
        },
      ), { numRuns: 10 });
    } finally {
      await engine.close();
    }
  });
});
