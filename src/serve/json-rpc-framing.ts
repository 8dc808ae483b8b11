// JSON-RPC messages over a byte stream: newline-delimited JSON (one message per line), and LSP's
// `Content-Length: N\r\n\r\n<N bytes>` framing, detected per message from its first bytes, so an
// LSP-style client works unchanged. Replies use the framing of the last message received.
// Messages sent in one turn of the event loop go out in one write: a fire's notifications and its
// answer are one wake-up of the peer instead of five.
// A message is at most MAX_MESSAGE_BYTES: a longer one is skipped (up to its newline, or its
// announced length) and reported, so a peer cannot make the server hold unbounded input.
import type { Readable, Writable } from 'node:stream';
import { DEFAULT_MAX_PAYLOAD_BYTES } from '../engine/payload-limit.js';

export type Framing = 'lines' | 'content-length';

/** The largest message: a hook input at the engine's limit, with room for its request around it. */
export const MAX_MESSAGE_BYTES = DEFAULT_MAX_PAYLOAD_BYTES + 1024 * 1024;

export interface MessageStream {
  /** Queues one message in the current framing; written with the others of this turn (setImmediate). */
  send(message: unknown): void;
}

const HEADER_END = '\r\n\r\n';
const CONTENT_LENGTH = /^content-length:\s*(\d+)\s*$/im;
// LSP's header fields, in either order: a message that starts with one is framed by Content-Length.
const HEADER_START = /^content-(length|type):/i;
const NEWLINE = 10;

/**
 * Reads messages (the text of each) from `input` and calls `onMessage` for each, `onOversize` for
 * each message skipped for its size, `onEnd` when input ends.
 */
export function createMessageStream(input: Readable, output: Writable, onMessage: (text: string) => void, onEnd: () => void, onOversize: () => void): MessageStream {
  let framing: Framing = 'lines';
  // Unread bytes, joined only when they may hold a whole message (joining on every chunk would
  // copy a long message once per chunk).
  let parts: Buffer[] = [];
  let unread = 0;
  // The bytes of the Content-Length message being read (header and body), once its header is in.
  let frameBytes = Infinity;
  // Bytes still to skip: the rest of an oversized line (Infinity: up to its newline) or frame.
  let skipping = 0;

  const skip = (chunk: Buffer): Buffer => {
    if (skipping === Infinity) {
      const newline = chunk.indexOf(NEWLINE);
      if (newline < 0) return Buffer.alloc(0);
      skipping = 0;
      return chunk.subarray(newline + 1);
    }
    const skipped = Math.min(skipping, chunk.length);
    skipping -= skipped;
    return chunk.subarray(skipped);
  };

  const drain = () => {
    let buffer = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
    frameBytes = Infinity;
    for (;;) {
      buffer = buffer.subarray(leadingBlankBytes(buffer));
      if (buffer.length === 0) break;
      if (HEADER_START.test(buffer.subarray(0, 15).toString('latin1'))) {
        const headerEnd = buffer.indexOf(HEADER_END);
        if (headerEnd < 0) break;
        const length = Number(CONTENT_LENGTH.exec(buffer.subarray(0, headerEnd).toString('latin1'))?.[1] ?? NaN);
        const bodyStart = headerEnd + HEADER_END.length;
        if (!Number.isFinite(length)) {
          buffer = buffer.subarray(bodyStart);
          onMessage('');
          continue;
        }
        framing = 'content-length';
        if (length > MAX_MESSAGE_BYTES) {
          skipping = length;
          buffer = skip(buffer.subarray(bodyStart));
          onOversize();
          continue;
        }
        if (buffer.length < bodyStart + length) {
          frameBytes = bodyStart + length;
          break;
        }
        const body = buffer.subarray(bodyStart, bodyStart + length).toString('utf8');
        buffer = buffer.subarray(bodyStart + length);
        onMessage(body);
        continue;
      }
      const newline = buffer.indexOf(NEWLINE);
      if (newline < 0) break;
      framing = 'lines';
      const line = buffer.subarray(0, newline);
      buffer = buffer.subarray(newline + 1);
      if (line.length > MAX_MESSAGE_BYTES) onOversize();
      else onMessage(line.toString('utf8'));
    }
    if (frameBytes === Infinity && buffer.length > MAX_MESSAGE_BYTES) {
      // A line, or a Content-Length header, that has not ended within the limit.
      skipping = Infinity;
      buffer = Buffer.alloc(0);
      onOversize();
    }
    parts = buffer.length === 0 ? [] : [buffer];
    unread = buffer.length;
  };

  input.on('data', (received: Buffer) => {
    const chunk = skipping > 0 ? skip(received) : received;
    if (chunk.length === 0) return;
    parts.push(chunk);
    unread += chunk.length;
    const mayBeWhole = frameBytes === Infinity ? chunk.includes(NEWLINE) || unread > MAX_MESSAGE_BYTES : unread >= frameBytes;
    if (mayBeWhole) drain();
  });
  input.on('end', () => {
    // A last line without its newline is still a message.
    if (skipping === 0 && unread > 0 && framing === 'lines') {
      const rest = Buffer.concat(parts);
      if (leadingBlankBytes(rest) < rest.length) onMessage(rest.toString('utf8'));
    }
    parts = [];
    onEnd();
  });
  input.on('error', onEnd);
  let queued = '';
  const flush = () => {
    const text = queued;
    queued = '';
    if (output.writable) output.write(text);
  };
  return {
    send(message) {
      const text = JSON.stringify(message);
      if (queued === '') setImmediate(flush);
      queued += framing === 'content-length' ? `Content-Length: ${Buffer.byteLength(text)}${HEADER_END}${text}` : `${text}\n`;
    },
  };
}

function leadingBlankBytes(buffer: Buffer): number {
  let index = 0;
  while (index < buffer.length && (buffer[index] === 10 || buffer[index] === 13 || buffer[index] === 32 || buffer[index] === 9)) index++;
  return index;
}
