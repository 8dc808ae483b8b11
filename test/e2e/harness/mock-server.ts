// The loopback HTTP server of the mock models (test/helpers/local-server.ts, with each request's
// body parsed as JSON), and how they answer: plain JSON or a stream of server-sent events.
import type { ServerResponse } from 'node:http';
import { startLocalServer, type RecordedRequest as RawRequest } from '../../helpers/local-server.js';

export { sendJson } from '../../helpers/local-server.js';

export type Json = Record<string, unknown>;

export function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export interface RecordedRequest extends Omit<RawRequest, 'body'> {
  /** The body parsed as JSON, or the raw text when it is not JSON. */
  readonly body: unknown;
}

export type MockHandler = (request: RecordedRequest, response: ServerResponse) => void;

export interface MockServer {
  readonly url: string;
  close(): Promise<void>;
}

function parsed(text: string): unknown {
  try {
    return text === '' ? null : JSON.parse(text);
  } catch {
    return text;
  }
}

/** Starts a server that answers every request with `handler`; a handler that throws answers 500 with the error. */
export async function startMockServer(handler: MockHandler): Promise<MockServer> {
  const server = await startLocalServer((request, response) => {
    try {
      handler({ ...request, body: parsed(request.body) }, response);
    } catch (error) {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: String(error) } }));
    }
  });
  return { url: server.url, close: () => server.close() };
}

/** Writes server-sent events (`event:` lines when a name is given) and ends the response. */
export function sendEvents(response: ServerResponse, events: readonly { event?: string; data: unknown }[]): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  for (const { event, data } of events) {
    if (event !== undefined) response.write(`event: ${event}\n`);
    response.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
  }
  response.end();
}
