// `hookpool test <hook-id>`: run one hook, through a real engine holding just that hook, on a
// realistic payload of its event, and show everything it did. `hookpool test --cases DIR`: the
// project's policy tests (test-cases.ts).
import type { Command } from 'commander';
import { aggregateFire } from '../../aggregate/aggregate-fire.js';
import { describeFailure } from '../../model/hook-failure.js';
import { EVENT_SPECS } from '../../events/event-specs.js';
import { HookpoolError } from '../../errors.js';
import type { HookOutcome } from '../../model/hook-outcome.js';
import { chooseTestPayload } from '../choose-test-payload.js';
import { addConfigOptions, addInputOptions, addPassEnvOption, type ConfigOptions, type InputOptions, type PassEnvOptions } from '../config-options.js';
import { addTranscriptOptions, type TranscriptOptions } from '../replay-options.js';
import { createCliEngine } from '../../project/one-shot-engine.js';
import { EXIT, type ExitCode } from '../../dialects/exit-codes.js';
import { findBuiltinHook } from '../builtin-test-hook.js';
import { findHook } from '../../project/find-hook.js';
import { loadCliConfig, type CliConfig, type ListedHook } from '../../project/load-project.js';
import type { HookDefinition } from '../../model/hook-definition.js';
import { canEverRun, handlerTests } from '../../plan/handler-filters.js';
import { describeCommand, describeSource, formatDuration, formatTimeout } from '../../project/describe.js';
import { answerFields, describeExit, describeVerdict } from '../output/describe-fire.js';
import { printJson, printLines } from '../output/print.js';
import { createPaint, type Paint } from '../output/style.js';
import { formatTable, type Cell } from '../output/table.js';
import type { Finish } from '../program.js';
import { readPayload } from '../read-payload.js';
import { withProgress } from '../output/progress.js';

interface TestOptions extends ConfigOptions, InputOptions, PassEnvOptions, TranscriptOptions {
  readonly json?: boolean;
  readonly cases?: string;
  readonly record?: string;
  readonly out?: string;
  readonly force?: boolean;
}

// Wide enough for the longest label ("system message"), so every value starts in one column.
const LABEL_WIDTH = 14;

export function registerTestCommand(program: Command, finish: Finish): void {
  const command = program
    .command('test')
    .summary('run one hook on a sample payload and show its outcome; --cases: run policy test cases')
    .description('Run one hook on a payload of its event (a realistic sample unless --input is given) and show its exit code, duration, status, decision, reason, stdout and stderr. Exit 1 when the hook could not run.\n--cases DIR instead fires each case of the case files in DIR (*.json, *.yaml, *.yml: an event, its payload and the expected decision, blocked, reason and context patterns, rewritten input) through the project\'s configuration, with hooks in audit mode enforced, and checks the answers. Exit 1 on any mismatch or a bad case file.\n--record TRANSCRIPT --out DIR replays a recorded session (as hookpool replay does) and writes a case file to DIR for each event a hook ran for, expecting what the hooks answer now: hookpool test --cases DIR then passes until the policy answers otherwise.')
    .argument('[hook-id]', 'the hook to run (hookpool list shows the ids; builtin:<name> runs a built-in even when no file switches it on)');
  addInputOptions(command, 'default: a sample payload of the hook\'s event');
  addPassEnvOption(addConfigOptions(command))
    .option('--cases <dir>', 'run the policy test cases of this folder instead of one hook')
    .option('--record <transcript>', 'write case files for a recorded session (Claude Code, Gemini CLI or Codex) to the folder --out names')
    .option('--out <dir>', 'with --record: the folder for the case files (new or empty)')
    .option('--force', 'with --record: write into a folder that holds files, over case files of the same names')
    .option('--json', 'print {hook, payload, outcome, answer} as JSON; with --cases, {ok, passed, failed, cases}; with --record, {out, cases, summary}');
  addTranscriptOptions(command)
    .addHelpText('after', `
Examples:
  $ hookpool test block-rm
  $ hookpool test block-rm --input '{"tool_name":"Bash","tool_input":{"command":"ls"}}'
  $ hookpool test --cases .hookpool/cases
  $ hookpool test --record ~/.claude/projects/-home-me-app/4f1c....jsonl --out .hookpool/cases/session-4f1c`)
    .action(async (id: string | undefined, options: TestOptions) => {
      if (options.record !== undefined) {
        if (id !== undefined || options.cases !== undefined || options.input !== undefined || options.inputFile !== undefined) throw new HookpoolError('ERR_HOOKPOOL_USAGE', '--record writes cases from the transcript\'s own events: give no hook id, --cases, --input or --input-file with it');
        if (options.out === undefined) throw new HookpoolError('ERR_HOOKPOOL_USAGE', '--record needs --out DIR: the folder the case files go to');
        finish(await (await import('./test-record.js')).recordTestCases(options.record, { ...options, out: options.out }));
        return;
      }
      const recordOnly = [options.out !== undefined && '--out', options.force === true && '--force', options.format !== undefined && '--format', options.runSideEffects === true && '--run-side-effects', options.runHook !== undefined && '--run-hook'].filter(Boolean);
      if (recordOnly.length > 0) throw new HookpoolError('ERR_HOOKPOOL_USAGE', `${recordOnly.join(', ')} ${recordOnly.length === 1 ? 'goes' : 'go'} with --record TRANSCRIPT`);
      if (options.cases !== undefined) {
        if (id !== undefined || options.input !== undefined || options.inputFile !== undefined) throw new HookpoolError('ERR_HOOKPOOL_USAGE', '--cases runs the case files\' own payloads: give no hook id, --input or --input-file with it');
        finish(await (await import('./test-cases.js')).testCases(options.cases, options));
        return;
      }
      if (id === undefined) throw new HookpoolError('ERR_HOOKPOOL_USAGE', 'name the hook to test (hookpool list shows the ids), or give --cases DIR');
      finish(await testHook(id, options));
    });
}

async function testHook(id: string, options: TestOptions): Promise<ExitCode> {
  const config = await loadCliConfig(options, { includeUntrusted: true });
  const hook = config.hooks.some((listed) => listed.definition.id === id) ? findHook(config.hooks, id, config.cwd) : (findBuiltinHook(config.hooks, id) ?? findHook(config.hooks, id, config.cwd));
  const where = hook.definition.source === undefined && hook.definition.origin === 'builtin' ? 'a hookpool built-in (no file switches it on)' : describeSource(hook.definition.source, config.cwd);
  if (!hook.trusted) throw new HookpoolError('ERR_HOOKPOOL_USAGE', `hook "${id}" is in ${where}, which is not trusted yet: review the file, then run hookpool trust`);
  const spec = EVENT_SPECS[hook.definition.event];
  const chosen = chooseTestPayload(spec, hook.definition, await readPayload(options, { stdinByDefault: false }));
  const { payload, sample } = chosen;
  const notes = [...chosen.notes, ...handlerNotes(hook.definition, payload, config)];

  const outcome = await withProgress(`running hook ${hook.definition.id}`, () => runAlone(hook, config.cwd, payload, [...config.loaded.passEnv, ...(options.passEnv ?? [])]));
  const answer = aggregateFire(spec, [hook.definition], [outcome]);
  const couldNotRun = describeFailure(outcome) !== null;
  if (options.json) {
    printJson({ hook: { ...hook.input, command: describeCommand(hook.definition) }, payload, notes, outcome, answer });
  } else {
    const paint = createPaint();
    printLines([
      ...describeHook(hook, where, paint),
      ...labelled([['payload', `${JSON.stringify(payload)}${sample ? paint('  (sample; --input gives your own)', 'dim') : ''}`]], paint),
      ...notes.map((note) => paint(`note: ${note}`, 'yellow')),
      '',
      ...labelled([
        ['outcome', `${outcome.status}, ${describeExit(outcome)}, ${formatDuration(outcome.durationMs)}${outcome.truncated ? ', output truncated' : ''}`],
        ['answer', describeVerdict(answer, paint)],
        ...answerFields(answer),
      ], paint),
      ...block('stdout', outcome.stdout, paint),
      ...block('stderr', outcome.stderr, paint),
      ...answer.hookErrors.map(({ message }) => paint(`warning: ${message}`, 'yellow')),
      ...(hook.definition.background ? [paint('note: a background hook; outside this test nobody waits for it or reads its answer', 'dim')] : []),
    ]);
  }
  return couldNotRun ? EXIT.error : EXIT.proceed;
}

// Matcher, filter and the handler conditions are dropped so the hook runs on whatever payload was
// chosen (the notes say when it would not have); a background hook's outcome arrives through onHookSettled.
async function runAlone(hook: ListedHook, cwd: string, payload: Record<string, unknown>, passEnv: readonly string[]): Promise<HookOutcome> {
  let settled: HookOutcome | undefined;
  const engine = createCliEngine({
    hooks: [{ ...hook.definition, matcher: undefined, filter: undefined, if: undefined, skill: undefined, agentType: undefined, enabled: true }],
    cwd,
    passEnv,
    sessionId: typeof payload.session_id === 'string' ? payload.session_id : 'hookpool-test',
    warnOnStderr: false,
    onHookSettled: ({ outcome }) => {
      settled = outcome;
    },
  });
  try {
    await engine.fire(hook.definition.event, payload);
  } finally {
    await engine.close();
  }
  if (settled === undefined) throw new Error(`hook "${hook.definition.id}" did not run`);
  return settled;
}

// When the hook's `if`, skill or subagent would have kept it from running on this payload.
function handlerNotes(definition: HookDefinition, payload: Record<string, unknown>, config: CliConfig): string[] {
  const notes: string[] = [];
  const ifTest = handlerTests({ ...definition, agentType: undefined }, { projectDir: process.env.CLAUDE_PROJECT_DIR ?? config.cwd, home: config.home })[0];
  if (definition.if !== undefined && !canEverRun(definition)) notes.push(`its "if" rule never applies on ${definition.event}: outside this test the hook never runs`);
  else if (ifTest !== undefined && !ifTest(payload, config.cwd)) notes.push(`its "if" rule ${definition.if} does not match this payload: outside this test the hook would not run`);
  if (definition.skill !== undefined) notes.push(`it belongs to the skill "${definition.skill}": outside this test it runs once that skill was invoked`);
  if (definition.agentType !== undefined && payload.agent_type !== definition.agentType) notes.push(`it belongs to the subagent "${definition.agentType}": outside this test it runs only on that subagent's fires`);
  return notes;
}

function describeHook({ definition }: ListedHook, where: string, paint: Paint): string[] {
  const mode = definition.background ? 'background' : 'foreground';
  const facts = [definition.event, `matcher ${definition.matcher ?? '*'}`, `timeout ${formatTimeout(definition.timeoutMs)}`, mode, definition.enabled ? 'enabled' : 'disabled'];
  return labelled([['hook', `${paint(definition.id, 'bold')} (${facts.join(', ')})`], ['from', where], ['command', describeCommand(definition)]], paint);
}

function labelled(rows: readonly [string, string][], paint: Paint): string[] {
  return formatTable(rows.map(([label, value]): Cell[] => [{ text: label.padEnd(LABEL_WIDTH), styles: ['dim'] }, value]), { paint });
}

function block(label: string, text: string, paint: Paint): string[] {
  const lines = text.replace(/\n$/, '').split('\n');
  if (text.trim() === '') return labelled([[label, paint('(empty)', 'dim')]], paint);
  return [...labelled([[label, lines[0]!]], paint), ...lines.slice(1).map((line) => `${' '.repeat(LABEL_WIDTH + 2)}${line}`)];
}
