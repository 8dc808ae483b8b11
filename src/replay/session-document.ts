// A transcript that is one JSON document, not one record a line: Gemini CLI's session file before
// its JSONL log (`~/.gemini/tmp/<project>/chats/session-<time>-<id>.json`, rewritten whole on every
// turn, indented): `{sessionId, projectHash, startTime, lastUpdated, messages: [...], ...}`. Such a
// file grows with the session, so it is parsed as it streams in (@streamparser/json), each message
// handed on as a record once parsed and then dropped: memory holds one message, never the file.
// Records are what a session log would hold: first the document's metadata (its sessionId,
// projectHash, ... as far as they come before `messages`), then one record per message, numbered
// with the line its `{` is on.
import { createReadStream } from 'node:fs';
import { Tokenizer, TokenParser, TokenType, type ParsedElementInfo, type ParsedTokenInfo } from '@streamparser/json';
import { isRecord, type TranscriptRecord } from './replay-event.js';
import type { RecordsOptions } from './transcript-records.js';
import { transcriptError } from './transcript-records.js';

// Strings longer than this are gathered in a byte buffer instead of by concatenation (a tool's
// output can run to megabytes).
const STRING_BUFFER_BYTES = 64 * 1024;
const NEWLINE = 0x0a;
// The document's fields other than `messages` that a reader uses (not `$.*`: that would hold `messages` whole).
const METADATA_FIELDS = ['sessionId', 'projectHash', 'startTime', 'lastUpdated', 'kind'];

/** The records of the JSON document `path`, in order. Throws a one-line error for a file that is no JSON document. */
export async function* documentRecords(path: string, options: RecordsOptions): AsyncGenerator<TranscriptRecord> {
  const lines = new LineCounter();
  const ready: TranscriptRecord[] = [];
  const metadata: Record<string, unknown> = {};
  let metadataSent = false;
  let recordsSeen = 0;
  let depth = 0;
  let messageLine = 1;
  let tokenOffset = 0;
  const push = (record: TranscriptRecord) => {
    ready.push(record);
    recordsSeen += 1;
  };
  const sendMetadata = () => {
    if (metadataSent) return;
    metadataSent = true;
    push({ line: 1, value: metadata });
  };

  const tokenizer = new Tokenizer({ stringBufferSize: STRING_BUFFER_BYTES });
  const parser = new TokenParser({ paths: [...METADATA_FIELDS.map((field) => `$.${field}`), '$.messages.*'], keepStack: false });
  tokenizer.onToken = (token: ParsedTokenInfo) => {
    tokenOffset = token.offset;
    if (token.token === TokenType.LEFT_BRACE || token.token === TokenType.LEFT_BRACKET) {
      // A message opens at depth 2: inside the root object, inside `messages`.
      if (depth === 2 && token.token === TokenType.LEFT_BRACE) messageLine = lines.lineAt(token.offset);
      depth += 1;
    } else if (token.token === TokenType.RIGHT_BRACE || token.token === TokenType.RIGHT_BRACKET) depth -= 1;
    parser.write(token);
  };
  parser.onValue = ({ value, key, stack }: ParsedElementInfo) => {
    if (stack.length === 1 && typeof key === 'string') {
      metadata[key] = value;
      return;
    }
    sendMetadata();
    if (isRecord(value)) push({ line: messageLine, value });
    else options.onSkipped(`${path}:${messageLine}: skipped: a message that is not a JSON object`);
  };

  const stream = createReadStream(path);
  // What stops the parse: bad JSON, or the end of the file inside the document.
  const stopped = (error: unknown, truncated: boolean): Error | undefined => {
    const why = `not JSON (${(error as Error).message.split('\n')[0]})`;
    const line = lines.lineAt(Math.max(tokenOffset, lines.cursor));
    if (recordsSeen === 0) return transcriptError(path, line, `not a transcript: ${truncated ? `the file ends mid-document: ${why}` : why}`);
    options.onSkipped(`${path}:${line}: skipped the rest of the file: ${truncated ? `truncated (the file ends mid-document: ${why})` : why}`);
    return undefined;
  };
  try {
    for await (const chunk of readChunks(stream, path)) {
      lines.startChunk(chunk);
      try {
        if (!tokenizer.isEnded) tokenizer.write(chunk);
      } catch (error) {
        const fatal = stopped(error, false);
        if (fatal !== undefined) throw fatal;
        yield* ready.splice(0);
        return;
      }
      lines.finishChunk();
      options.onProgress?.(stream.bytesRead);
      yield* ready.splice(0);
    }
    try {
      if (!tokenizer.isEnded) tokenizer.end();
      if (!parser.isEnded) parser.end();
    } catch (error) {
      const fatal = stopped(error, true);
      if (fatal !== undefined) throw fatal;
    }
    sendMetadata();
    yield* ready.splice(0);
  } finally {
    stream.destroy();
  }
}

// The file's chunks, with a read error turned into a one-line error.
async function* readChunks(stream: AsyncIterable<Buffer>, path: string): AsyncGenerator<Buffer> {
  try {
    yield* stream;
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw transcriptError(path, 1, `cannot be read: ${reason}`);
  }
}

/** Line numbers of byte offsets, counted once over the file as the chunks pass (offsets only grow). */
class LineCounter {
  /** Bytes counted so far (all the chunks before the current one, and the current one up to here). */
  cursor = 0;
  #line = 1;
  #chunk: Buffer = Buffer.alloc(0);
  #chunkStart = 0;

  startChunk(chunk: Buffer): void {
    this.#chunk = chunk;
    this.#chunkStart = this.cursor;
  }

  /** The 1-based line of the byte at `offset`, which is in the current chunk (or at its end) and not before the cursor. */
  lineAt(offset: number): number {
    const end = Math.min(offset, this.#chunkStart + this.#chunk.length) - this.#chunkStart;
    for (let at = this.cursor - this.#chunkStart; at < end; at += 1) if (this.#chunk[at] === NEWLINE) this.#line += 1;
    this.cursor = Math.max(this.cursor, this.#chunkStart + end);
    return this.#line;
  }

  finishChunk(): void {
    this.lineAt(this.#chunkStart + this.#chunk.length);
  }
}
