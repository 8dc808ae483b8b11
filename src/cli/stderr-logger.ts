// The engine's warnings (a hook timed out, its output was not valid JSON, ...) as one stderr line each.
import { pino, type Logger } from 'pino';
import { writeToFd } from './raw-stdio.js';

interface LogRecord {
  msg?: string;
  err?: { message?: string };
}

/** A pino logger at `warn` that writes `hookpool: warning: <message>` lines (messages name their hook). */
export function createStderrLogger(): Logger {
  return pino(
    { level: 'warn', base: undefined, timestamp: false },
    {
      write(line: string) {
        writeToFd(2, `hookpool: warning: ${describeRecord(line)}\n`);
      },
    },
  );
}

function describeRecord(line: string): string {
  let record: LogRecord;
  try {
    record = JSON.parse(line) as LogRecord;
  } catch {
    return line.trim();
  }
  return [record.msg, record.err?.message].filter(Boolean).join(': ');
}
