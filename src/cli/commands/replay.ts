// `hookpool replay <transcript>`: fire every event a recorded session implies through the current
// configuration, without running any tool, and report what the hooks would do now.
import { writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { EXIT, type ExitCode } from '../../dialects/exit-codes.js';
import { HookpoolError } from '../../errors.js';
import { isTerminal } from '../../io/raw-stdio.js';
import { replayTranscript } from '../../replay/replay-session.js';
import { addConfigOptions, addPassEnvOption, type ConfigOptions, type PassEnvOptions } from '../config-options.js';
import { addTranscriptOptions, sideEffectChoice, type TranscriptOptions } from '../replay-options.js';
import { createProgressBar } from '../output/progress-bar.js';
import { printLines, printWarning } from '../output/print.js';
import { ReplayHtmlReport } from '../output/replay-html.js';
import { ReplayJsonWriter } from '../output/replay-json.js';
import { describeReplayedEvent, describeReplaySummary } from '../output/replay-table.js';
import { createPaint } from '../output/style.js';
import type { Finish } from '../program.js';

interface ReplayCommandOptions extends ConfigOptions, PassEnvOptions, TranscriptOptions {
  readonly json?: boolean;
  readonly html?: string;
}

export function registerReplayCommand(program: Command, finish: Finish): void {
  const command = program
    .command('replay')
    .summary('fire a recorded session through the current hooks and report what they would do')
    .description("Read a recorded agent session (Claude Code's transcript JSONL, a Gemini CLI session log or its older JSON session file, or a Codex rollout log), fire every event it implies (prompts, each tool call with its input and result, compaction, each turn's stop) through the current configuration without running any tool, and report per event what the hooks would do now, with a summary.\nHooks with side effects (background hooks, hooks after a tool ran, built-ins that write) are not run unless asked.\nExit 0: replayed; 1: the transcript or the configuration could not be read.")
    .argument('<transcript>', 'the session file (a hook gets it as transcript_path)');
  addTranscriptOptions(addPassEnvOption(addConfigOptions(command)))
    .option('--json', 'print {events: [...], summary} as JSON, one event a line')
    .option('--html <file>', 'also write a one-page HTML report with a timeline chart')
    .addHelpText('after', `
Examples:
  $ hookpool replay ~/.claude/projects/-home-me-app/4f1c....jsonl
  $ hookpool replay ~/.codex/sessions/2026/05/01/rollout-....jsonl --json > replay.json
  $ hookpool replay session.jsonl --html replay.html --run-hook format-check`)
    .action(async (transcript: string, options: ReplayCommandOptions) => finish(await replay(transcript, options)));
}

async function replay(transcript: string, options: ReplayCommandOptions): Promise<ExitCode> {
  const paint = createPaint();
  const json = options.json === true ? new ReplayJsonWriter() : undefined;
  const html = options.html === undefined ? undefined : new ReplayHtmlReport();
  // The bar shares the terminal with the event lines only when those go elsewhere (--json, a pipe, a file).
  const progress = json !== undefined || !isTerminal(1) ? createProgressBar('replaying') : createProgressBar(null);
  const summary = await replayTranscript({
    ...options,
    transcript,
    ...sideEffectChoice(options),
    onEvent: (report) => {
      html?.event(report);
      if (json !== undefined) json.event(report);
      else printLines(describeReplayedEvent(report, paint));
    },
    onSkippedLine: (message) => {
      if (json !== undefined) printWarning(message);
    },
    onProgress: (done, total) => progress.update(done, total),
  }).finally(() => progress.stop());
  if (json !== undefined) json.finish(summary);
  else printLines(describeReplaySummary(summary, paint));
  if (options.html !== undefined && html !== undefined) {
    await writeFile(options.html, html.render(summary)).catch((error: Error) => {
      throw new HookpoolError('ERR_HOOKPOOL_USAGE', `--html ${options.html}: cannot be written: ${error.message}`);
    });
  }
  return EXIT.proceed;
}
