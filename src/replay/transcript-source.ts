// Where a transcript's records come from: one record a line (a JSONL log, transcript-records.ts),
// or, when the file's first line opens a JSON object without closing it, one indented JSON
// document whose messages are the records (Gemini CLI's older session file, session-document.ts).
import { open } from 'node:fs/promises';
import type { TranscriptRecord } from './replay-event.js';
import { documentRecords } from './session-document.js';
import { lineRecords, parseLine, type RecordsOptions } from './transcript-records.js';

const PEEK_BYTES = 64 * 1024;

/** The records of `path`, in order. Throws a one-line error (`FILE:LINE: ...`) for a file that is no transcript. */
export async function* transcriptRecords(path: string, options: RecordsOptions): AsyncGenerator<TranscriptRecord> {
  yield* ((await opensDocument(path)) ? documentRecords(path, options) : lineRecords(path, options));
}

// Whether the file's first line that holds anything starts a JSON object and is not JSON by itself.
// A first line longer than the peek counts as a record (a JSON document on one line is a record too).
async function opensDocument(path: string): Promise<boolean> {
  const file = await open(path, 'r').catch(() => undefined);
  if (file === undefined) return false; // the line reader says why it cannot be read
  try {
    const buffer = Buffer.alloc(PEEK_BYTES);
    const { bytesRead } = await file.read(buffer, 0, PEEK_BYTES, 0);
    const text = buffer.subarray(0, bytesRead).toString('utf8');
    const start = text.search(/\S/);
    if (start === -1 || text[start] !== '{') return false;
    const end = text.indexOf('\n', start);
    return end !== -1 && !parseLine(text.slice(start, end)).ok;
  } catch {
    return false; // a folder, say: the line reader says why it cannot be read
  } finally {
    await file.close();
  }
}
