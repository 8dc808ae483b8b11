// `hookpool demo`: a simulated agent tool loop on the bundled example config, so a newcomer sees
// in seconds what hookpool does (blocks, rewrites, background hooks) and what each fire costs.
import { Option, type Command } from 'commander';
import type { FireResult } from '../../model/fire-result.js';
import { loadHooksConfig } from '../../config/load-hooks-config.js';
import { createHookEngine, type HookEngine } from '../../engine/create-engine.js';
import { HookpoolError } from '../../errors.js';
import { simulatedToolCalls, type ToolCall } from '../demo/agent-script.js';
import { createDemoProject, type DemoProject } from '../demo/demo-project.js';
import { renderFireTable, renderFootnotes } from '../demo/demo-report.js';
import { FireStats } from '../demo/fire-stats.js';
import { EXIT } from '../../dialects/exit-codes.js';
import { formatDuration, plural } from '../../project/describe.js';
import { printLine, printLines, printWarning } from '../output/print.js';
import { createPaint, type Paint } from '../output/style.js';
import type { Finish } from '../program.js';
import { startStopwatch } from '../../run/stopwatch.js';
import { withProgress, type Progress } from '../output/progress.js';

interface DemoOptions {
  readonly toolCalls: number;
  readonly host: 'thread' | 'process';
}

// Enough lines of each kind to show the behaviour without scrolling the table away.
const SHOWN_PER_KIND = 3;
const NOTIFICATION_EVERY = 40;

export function registerDemoCommand(program: Command, finish: Finish): void {
  program
    .command('demo')
    .summary('a simulated agent tool loop on the bundled example config')
    .description('Run a simulated agent: a few hundred tool calls firing PreToolUse, PostToolUse, Notification and Stop through the example hooks (examples/), in a temp project. Ends with a table of fires, decisions and overhead per fire.')
    .addOption(new Option('--tool-calls <n>', 'how many tool calls the agent makes').argParser(parseCount).default(300))
    .addOption(new Option('--host <host>', 'where the worker pool lives').choices(['thread', 'process']).default('thread'))
    .addHelpText('after', `
Examples:
  $ hookpool demo
  $ hookpool demo --tool-calls 50 --host process`)
    .action(async (options: DemoOptions) => {
      await runDemo(options);
      finish(EXIT.proceed);
    });
}

async function runDemo(options: DemoOptions): Promise<void> {
  const paint = createPaint();
  const project = await createDemoProject();
  try {
    const config = await loadHooksConfig({ cwd: project.dir, files: [project.configFile] });
    config.problems.forEach(printWarning);
    const stats = new FireStats();
    const engine = createHookEngine({
      ...config,
      cwd: project.dir,
      host: options.host,
      env: { ...process.env, TMPDIR: project.dir },
      onHookSettled: ({ event, background, outcome }) => background && stats.recordBackgroundHook(event, outcome.durationMs),
    });
    printLines([
      paint(`hookpool demo: a simulated agent makes ${options.toolCalls} tool calls in ${project.dir}`, 'bold'),
      `hooks from examples/hookpool.json: ${engine.hooks.map((hook) => `${hook.id} (${hook.event}${hook.matcher ? ` ${hook.matcher}` : ''}${hook.background ? ', background' : ''})`).join(', ')}`,
      '',
    ]);
    const elapsed = startStopwatch();
    await withProgress(`simulating ${options.toolCalls} tool calls`, (progress) => simulateSession(engine, simulatedToolCalls(options.toolCalls), stats, paint, progress));
    await engine.close();
    const elapsedMs = elapsed();
    await printSummary(stats, project, { elapsedMs, host: options.host }, paint);
  } finally {
    await project.remove();
  }
}

async function simulateSession(engine: HookEngine, calls: readonly ToolCall[], stats: FireStats, paint: Paint, progress: Progress): Promise<void> {
  const shown = new Map<string, number>();
  const show = (kind: string, index: number, what: string, outcome: string) => {
    const count = shown.get(kind) ?? 0;
    shown.set(kind, count + 1);
    if (count < SHOWN_PER_KIND) printLine(`  #${String(index + 1).padStart(4)}  ${what.padEnd(48).slice(0, 48)}  ${outcome}`);
  };
  const fire = async (event: string, payload: Record<string, unknown>): Promise<FireResult> => {
    const elapsed = startStopwatch();
    const result = await engine.fire(event, payload);
    stats.recordFire(result, elapsed());
    return result;
  };

  await fire('SessionStart', { source: 'startup' });
  await fire('UserPromptSubmit', { prompt: 'Add input validation to the signup form and make the tests pass' });
  for (const [index, call] of calls.entries()) {
    progress.update(`tool call ${index + 1}/${calls.length}`);
    const what = `${call.tool_name} ${JSON.stringify(Object.values(call.tool_input)[0])}`;
    const pre = await fire('PreToolUse', { ...call });
    if (pre.blocked) {
      show('blocked', index, what, paint(`✗ blocked: ${pre.reason ?? 'no reason'}`, 'red'));
      continue;
    }
    if (pre.decision !== null) {
      const rewritten = pre.updatedInput === null ? '' : `, input rewritten to ${JSON.stringify(pre.updatedInput.url ?? pre.updatedInput)}`;
      show(pre.decision, index, what, paint(`${pre.decision === 'allow' ? '✓' : '?'} ${pre.decision}${rewritten}`, pre.decision === 'allow' ? 'green' : 'yellow'));
    }
    await fire('PostToolUse', { ...call, tool_input: pre.updatedInput ?? call.tool_input, tool_response: { success: true } });
    if ((index + 1) % NOTIFICATION_EVERY === 0) {
      const elapsed = startStopwatch();
      await fire('Notification', { message: 'Claude is waiting for your input', notification_type: 'idle_prompt' });
      show('notification', index, 'Notification idle_prompt', paint(`→ notify runs in the background; fire() returned in ${formatDuration(elapsed())}`, 'cyan'));
    }
  }
  await fire('Stop', { stop_hook_active: false });
  await fire('SessionEnd', { reason: 'other' });
}

async function printSummary(stats: FireStats, project: DemoProject, run: { elapsedMs: number; host: string }, paint: Paint): Promise<void> {
  const log = await project.readNotificationLog();
  printLines(['', ...renderFireTable(stats, paint), '', ...renderFootnotes(stats, paint)]);
  if (log.length > 0) printLine(`notify.sh wrote ${plural(log.length, 'line')} to its log in the background; the last: ${log.at(-1)}`);
  printLine(paint(`${plural(stats.totalFires, 'fire')} and ${plural(stats.totalHookRuns, 'hook process')} in ${(run.elapsedMs / 1000).toFixed(1)} s (pool host: ${run.host})`, 'bold'));
}

function parseCount(value: string): number {
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1 || count > 100_000) {
    throw new HookpoolError('ERR_HOOKPOOL_USAGE', `--tool-calls ${value}: expected a whole number from 1 to 100000`);
  }
  return count;
}
