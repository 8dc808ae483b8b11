// What the engine tells its log about a fire and each hook run, and the observer every run is
// reported to. Failures and hook errors are warnings (never silent); what an event ignores is info.
import type { EngineLogger } from './engine-logger.js';
import type { FireResult } from '../model/fire-result.js';
import { describeFailure, describeFailureNotice } from '../model/hook-failure.js';
import { wouldBlockNotices, withheldAnswerNotes } from '../aggregate/audit-mode.js';
import type { EventSpec } from '../events/event-specs.js';
import type { HookSettled, ResolvedEngineOptions } from './engine-options.js';

/** Logs what a merged answer says went wrong or was ignored, one line per hook and notice. */
export function logFireResult(logger: EngineLogger, spec: EventSpec, result: FireResult): void {
  for (const failure of result.failures) logger.warn({ event: spec.name, hook: failure.id }, describeFailureNotice(failure, spec.name));
  for (const { id, message } of result.hookErrors) logger.warn({ event: spec.name, hook: id }, `hook "${id}" ${message}`);
  for (const { id, message } of result.ignoredOutput) logger.info({ event: spec.name, hook: id }, `hook "${id}": ${message}`);
  for (const notice of wouldBlockNotices(spec, result)) logger.warn({ event: spec.name }, notice);
  for (const note of withheldAnswerNotes(result)) logger.info({ event: spec.name }, note);
}

/**
 * Logs one settled run and hands it to `onHookSettled`, whose errors never reach the engine. A
 * foreground failure is logged with what it did to the fire (logFireResult); a background one here.
 */
export function reportHookSettled(logger: EngineLogger, observer: ResolvedEngineOptions['onHookSettled'], settled: HookSettled): void {
  const { event, outcome, background } = settled;
  const { id, status, exitCode, signal, durationMs, truncated } = outcome;
  // Guarded: the record would be built on every run even with debug off.
  if (logger.isLevelEnabled('debug')) logger.debug({ event, hook: id, status, exitCode, signal, durationMs, truncated, background }, 'hook settled');
  const failure = background ? describeFailure(outcome) : null;
  if (failure !== null) logger.warn({ event, hook: id, status }, `background hook "${id}" ${failure}`);
  if (truncated) logger.warn({ event, hook: id }, `hook "${id}" wrote more than maxOutputBytes; its output was cut`);
  try {
    observer?.(settled);
  } catch (observerError) {
    logger.error({ err: observerError }, 'onHookSettled threw');
  }
}
