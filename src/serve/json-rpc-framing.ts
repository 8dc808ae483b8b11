// JSON-RPC messages over a byte stream: newline-delimited JSON (one message per line), and LSP's
// `Content-Length: N\r\n\r\n<N bytes>` framing, detected per message from its first bytes, so an
// LSP-style client works unchanged. Replies use the framing of the last message received.
// Messages sent in one turn of the event loop go out in one write: a fire's notifications and its
// answer are one wake-up of the peer instead of five.
import type { Readable, Writable } from 'node:stream';

export type Framing = 'lines' | 'content-length';

export interface MessageStream {
  /** Queues one message in the current framing; written with the others of this turn (setImmediate). */
  send(message: unknown): void;
}

const HEADER_END = '\r\n\r\n';
const CONTENT_LENGTH = /^content-length:\s*(\d+)\s*$/im;

/** Reads messages (text of each) from `input`, calls `onMessage` for each; `onEnd` when input ends. */
export function createMessageStream(input: Readable, output: Writable, onMessage: (text: string) => void, onEnd: () => void): MessageStream {
  let framing: Framing = 'lines';
  let buffer = Buffer.alloc(0);
  const drain = () => {
    for (;;) {
      const start = leadingBlankBytes(buffer);
      if (start > 0) buffer = buffer.subarray(start);
      if (buffer.length === 0) return;
      if (buffer.subarray(0, 15).toString('latin1').toLowerCase() === 'content-length:') {
        const headerEnd = buffer.indexOf(HEADER_END);
        if (headerEnd < 0) return;
        const length = Number(CONTENT_LENGTH.exec(buffer.subarray(0, headerEnd).toString('latin1'))?.[1] ?? NaN);
        const bodyStart = headerEnd + HEADER_END.length;
        if (!Number.isFinite(length)) {
          buffer = buffer.subarray(bodyStart);
          onMessage('');
          continue;
        }
        if (buffer.length < bodyStart + length) return;
        framing = 'content-length';
        const body = buffer.subarray(bodyStart, bodyStart + length).toString('utf8');
        buffer = buffer.subarray(bodyStart + length);
        onMessage(body);
        continue;
      }
      const newline = buffer.indexOf(10);
      if (newline < 0) return;
      framing = 'lines';
      const line = buffer.subarray(0, newline).toString('utf8');
      buffer = buffer.subarray(newline + 1);
      onMessage(line);
    }
  };
  input.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    drain();
  });
  input.on('end', () => {
    // A last line without its newline is still a message.
    if (buffer.length > 0 && framing === 'lines' && leadingBlankBytes(buffer) < buffer.length) onMessage(buffer.toString('utf8'));
    buffer = Buffer.alloc(0);
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
