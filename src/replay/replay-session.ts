// `hookpool replay`'s work: read a recorded session record by record, turn each record into the
// events it implies, and fire every one through the project's current configuration, with the
// engine `hookpool run` uses (one engine for the whole session, as an agent's server would hold).
// No tool runs: only hooks do, and those with side effects only when asked (side-effects.ts).
// Hook runs are kept out of `hookpool history`; hooks see HOOKPOOL_REPLAY=1.
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FireResult } from '../model/fire-result.js';
import { isAudited } from '../aggregate/audit-mode.js';
import { HookpoolError } from '../errors.js';
import type { ConfigOptions } from '../project/config-options.js';
import { loadCachedCliConfig } from '../project/config-cache/load-cached-project.js';
import { createCliEngine, type CliEngine } from '../project/one-shot-engine.js';
import { reportEvent, type EventReport } from './event-report.js';
import type { ReplayEvent, TranscriptFormat, TranscriptReader } from './replay-event.js';
import { SummaryCollector, type ReplaySummary } from './replay-summary.js';
import { splitSideEffects } from './side-effects.js';
import { createReader, detectFormat, FORMAT_NAMES } from './transcript-format.js';
import { transcriptError } from './transcript-records.js';
import { transcriptRecords } from './transcript-source.js';

export interface ReplayOptions extends ConfigOptions {
  readonly transcript: string;
  /** Read as this format instead of telling it from the first record. */
  readonly format?: TranscriptFormat | undefined;
  readonly runSideEffects: boolean;
  readonly runHooks: readonly string[];
  readonly passEnv?: readonly string[];
  /** Run hooks in audit mode as enforced (what `hookpool test --cases` tests), instead of withholding their answers. */
  readonly enforceAuditedHooks?: boolean;
  /** Each event once its hooks answered, with what was fired and the engine's whole answer; awaited before the next event. */
  readonly onEvent?: (report: EventReport, fired: FiredEvent) => void | Promise<void>;
  readonly onSkippedLine?: (message: string) => void;
  /** The transcript's size, then the bytes read so far. */
  readonly onProgress?: (bytesRead: number, totalBytes: number) => void;
}

/** One fired event as the engine saw it: the payload sent and its merged answer. */
export interface FiredEvent {
  readonly replayed: ReplayEvent;
  readonly result: FireResult;
}

export async function replayTranscript(options: ReplayOptions): Promise<ReplaySummary> {
  const path = options.transcript;
  const totalBytes = await transcriptSize(path);
  const started = performance.now();
  const collector = new SummaryCollector();
  const { config } = await loadCachedCliConfig(options);
  const definitions = config.hooks.map((hook) => (options.enforceAuditedHooks === true && isAudited(hook.definition) ? { ...hook.definition, enforce: true } : hook.definition));
  const { run, skipped } = splitSideEffects(definitions, { runAll: options.runSideEffects, runIds: new Set(options.runHooks) });
  const engine = createCliEngine({
    hooks: run,
    broken: config.loaded,
    cwd: config.cwd,
    passEnv: [...config.loaded.passEnv, ...(options.passEnv ?? [])],
    transcriptPath: resolve(path),
    disableAllHooks: config.loaded.disableAllHooks,
    warnOnStderr: false,
    recordHistory: false,
    env: { ...process.env, HOOKPOOL_REPLAY: '1' },
    onHookSettled: collector.hookSettled,
  });
  let format = options.format;
  let reader: TranscriptReader | undefined;
  let index = 0;
  let lastLine = 0;
  const skipLine = (message: string) => {
    collector.skippedLine(message);
    options.onSkippedLine?.(message);
  };
  const fire = async (replayed: ReplayEvent) => {
    if (collector.sessionId === null && typeof replayed.payload.session_id === 'string') collector.sessionId = replayed.payload.session_id;
    const startedMs = performance.now() - started;
    const result = await fireOne(engine, replayed, (problem) => skipLine(`${path}:${replayed.line}: skipped: ${replayed.event} could not be fired: ${problem}`));
    if (result === undefined) return;
    const report = reportEvent(index, replayed, result, { startedMs, durationMs: performance.now() - started - startedMs });
    index += 1;
    collector.add(report);
    await options.onEvent?.(report, { replayed, result });
  };
  try {
    const records = transcriptRecords(path, {
      onSkipped: skipLine,
      onProgress: options.onProgress === undefined ? undefined : (bytes) => options.onProgress!(bytes, totalBytes),
    });
    for await (const record of records) {
      lastLine = record.line;
      if (reader === undefined) {
        format ??= detectFormat(record.value);
        if (format === undefined) throw transcriptError(path, record.line, `unknown transcript format: expected ${Object.values(FORMAT_NAMES).join(', ')} (--format names one)`);
        reader = createReader(format);
      }
      for (const replayed of reader.read(record)) await fire(replayed);
    }
    for (const replayed of reader?.finish(lastLine) ?? []) await fire(replayed);
  } finally {
    await engine.close();
  }
  return collector.summary({ transcript: path, format: format!, lines: lastLine, skippedHooks: skipped, durationMs: performance.now() - started });
}

// A payload the engine refuses (over its size cap) is that event's problem: reported, and the replay goes on.
async function fireOne(engine: CliEngine, replayed: ReplayEvent, onRefused: (problem: string) => void): Promise<FireResult | undefined> {
  try {
    return await engine.fire(replayed.event, replayed.payload);
  } catch (error) {
    if (!(error instanceof HookpoolError)) throw error;
    onRefused(error.message);
    return undefined;
  }
}

async function transcriptSize(path: string): Promise<number> {
  const info = await stat(path).catch(() => undefined);
  if (info === undefined) throw transcriptError(path, 1, 'cannot be read: no such file');
  if (!info.isFile()) throw transcriptError(path, 1, 'cannot be read: not a file');
  return info.size;
}
