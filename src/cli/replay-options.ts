// The options of every verb that replays a transcript (`replay`, `test --record`), declared once.
import { Option, type Command } from 'commander';
import { TRANSCRIPT_FORMATS, type TranscriptFormat } from '../replay/replay-event.js';

export interface TranscriptOptions {
  readonly format?: TranscriptFormat;
  readonly runSideEffects?: boolean;
  readonly runHook?: string[];
}

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

/** `--format`, `--run-side-effects`, `--run-hook ID` (repeatable). */
export function addTranscriptOptions(command: Command): Command {
  return command
    .addOption(new Option('--format <format>', 'read the transcript as this format instead of telling it from its first bytes').choices(TRANSCRIPT_FORMATS))
    .option('--run-side-effects', 'also run hooks with side effects (background hooks, hooks on PostToolUse/PostToolUseFailure, built-ins that log, format, stage, commit or notify)')
    .addOption(new Option('--run-hook <id>', 'run this hook although it counts as having side effects; repeatable').argParser(collect));
}

/** What the replay is told of the side-effect hooks. */
export function sideEffectChoice(options: TranscriptOptions): { runSideEffects: boolean; runHooks: string[] } {
  return { runSideEffects: options.runSideEffects === true, runHooks: options.runHook ?? [] };
}
