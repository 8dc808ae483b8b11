// A request body read with a cap: past `maxBytes` the rest is dropped (never held), and the first
// HEAD_BYTES are kept to find what the request was for. Events, not an async iterator: no promise per chunk.
import type { IncomingMessage, ServerResponse } from 'node:http';

// How much of a body over the limit is kept: enough to find the event it was for.
const HEAD_BYTES = 64 * 1024;

/** `text` is null when the body was over `maxBytes`; `head` is then its start. */
export function readBody(request: IncomingMessage, maxBytes: number): Promise<{ text: string | null; head: string }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const head: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      if (size < HEAD_BYTES) head.push(chunk.subarray(0, HEAD_BYTES - size));
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
      else chunks.length = 0;
    });
    request.once('end', () => resolve(size > maxBytes ? { text: null, head: Buffer.concat(head).toString('utf8') } : { text: Buffer.concat(chunks).toString('utf8'), head: '' }));
    request.once('error', reject);
  });
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  if (response.headersSent) return;
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}
