// A transcript read line by line, never whole (a session's log can run to hundreds of megabytes):
// each line parsed on its own, blank lines passed over. The first line that holds anything must be
// a JSON object; a later line that is not is reported and skipped (the last one as truncated
// when the file ends in it), so one bad line never loses the session.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { HookpoolError } from '../errors.js';
import { isRecord, type TranscriptRecord } from './replay-event.js';

export interface RecordsOptions {
  /** A line that was skipped: `FILE:LINE: skipped: why`. */
  readonly onSkipped: (message: string) => void;
  /** Bytes read so far, for a progress bar. */
  readonly onProgress?: (bytesRead: number) => void;
}

/** The records of `path`, one a line, in order. Throws a one-line error (`FILE:LINE: ...`) for a file that is no transcript. */
export async function* lineRecords(path: string, options: RecordsOptions): AsyncGenerator<TranscriptRecord> {
  const stream = createReadStream(path);
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  let number = 0;
  let recordsSeen = 0;
  // One line is held back: only the next one tells whether it is the file's last (a truncated write).
  let held: { line: number; text: string } | undefined;
  const take = (line: number, text: string, last: boolean): TranscriptRecord | undefined => {
    const parsed = parseLine(text);
    if (parsed.ok) {
      recordsSeen += 1;
      return { line, value: parsed.value };
    }
    const why = last ? `truncated line (the file ends mid-record: ${parsed.problem})` : parsed.problem;
    if (recordsSeen === 0) throw transcriptError(path, line, `not a transcript: ${why}`);
    options.onSkipped(`${path}:${line}: skipped: ${why}`);
    return undefined;
  };
  try {
    for await (const text of readLines(lines, path, () => number)) {
      number += 1;
      options.onProgress?.(stream.bytesRead);
      if (text.trim() === '') continue;
      const previous = held;
      held = { line: number, text };
      const record = previous === undefined ? undefined : take(previous.line, previous.text, false);
      if (record !== undefined) yield record;
    }
    if (held === undefined) throw transcriptError(path, Math.max(number, 1), 'not a transcript: the file is empty');
    const record = take(held.line, held.text, true);
    if (record !== undefined) yield record;
  } finally {
    lines.close();
    stream.destroy();
  }
}

// The lines, with a read error (a missing file, a directory) turned into a one-line error.
async function* readLines(lines: AsyncIterable<string>, path: string, lineNumber: () => number): AsyncGenerator<string> {
  try {
    yield* lines;
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw transcriptError(path, Math.max(lineNumber(), 1), `cannot be read: ${reason}`);
  }
}

export function transcriptError(path: string, line: number, message: string): HookpoolError {
  return new HookpoolError('ERR_HOOKPOOL_USAGE', `${path}:${line}: ${message}`);
}

export function parseLine(text: string): { ok: true; value: Record<string, unknown> } | { ok: false; problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: `not JSON (${(error as Error).message.split('\n')[0]})` };
  }
  return isRecord(value) ? { ok: true, value } : { ok: false, problem: 'not a JSON object' };
}
