// The engine's warnings (a hook timed out, its output was not valid JSON, ...) as one stderr line
// each: `hookpool: warning: <message>` (messages name their hook). A stand-in for pino, whose
// load would be a fifth of a one-hook `hookpool run`; it takes pino's call shapes:
// (message), (fields, message), (error, message) with the error's message appended.
import { SILENT_LOGGER, type EngineLogger } from '../engine/engine-logger.js';
import { writeToFd } from '../io/raw-stdio.js';

export function createStderrLogger(): EngineLogger {
  const write = (first: unknown, message?: string) => writeToFd(2, `hookpool: warning: ${describeRecord(first, message)}\n`);
  return { ...SILENT_LOGGER, warn: write, error: write, isLevelEnabled: (level) => level === 'warn' || level === 'error' };
}

function describeRecord(first: unknown, message: string | undefined): string {
  if (typeof first === 'string') return first;
  const error = first instanceof Error ? first : (first as { err?: unknown } | null)?.err;
  const reason = error instanceof Error ? error.message : undefined;
  return [message, reason].filter(Boolean).join(': ');
}
