// The loopback HTTP endpoint: Claude Code's `type: "http"` hooks POST their input to
// CLAUDE_HTTP_HOOK_PATH and get the JSON answer; the command-hook client POSTs to
// CLAUDE_COMMAND_HOOK_PATH and gets what `run --format claude` would print and exit with.
// Bound to 127.0.0.1 only; a peer that is not loopback (or a Host header that is not ours: DNS
// rebinding from a browser) is refused, and a request without the token is 401 before it runs.
import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_MAX_PAYLOAD_BYTES } from '../engine/engine-options.js';
import { describeError } from '../cli/report-error.js';
import { answerClaudeHook, claudeEventOf, hookpoolFailureReply } from '../project/claude-hook-answer.js';
import { claudeHttpBody } from '../dialects/claude/http-answer.js';
import type { EngineSession } from '../project/resident-engine.js';
import { serveTokenPath } from '../project/server/server-paths.js';
import { CLAUDE_COMMAND_HOOK_PATH, CLAUDE_HTTP_HOOK_PATH, ENV_FILE_HEADER, TOKEN_HEADER } from '../project/server/server-address.js';

export interface HttpEndpointOptions {
  readonly session: EngineSession;
  readonly token: string;
  readonly port: number;
  /** Called when a request starts and when it ends (the idle timer counts from the last end). */
  readonly onActivity?: (busy: boolean) => void;
}

export interface HttpEndpoint {
  readonly port: number;
  /** Stops accepting, ends idle keep-alive connections, waits for requests in flight. */
  close(): Promise<void>;
}

const NO_TOKEN = `missing or wrong ${TOKEN_HEADER} header`;
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** True for a loopback peer address (IPv4 127/8, IPv6 ::1, IPv4-mapped 127/8). */
export function isLoopbackAddress(address: string | undefined): boolean {
  return address !== undefined && LOOPBACK.test(address);
}

/** Binds 127.0.0.1:port (0: any free port) and serves until close(). */
export async function startHttpEndpoint(options: HttpEndpointOptions): Promise<HttpEndpoint> {
  // The Host headers that name this server, known once it listens (asked per request, the address is a syscall).
  let ownHosts: ReadonlySet<string> = new Set();
  const server = createServer((request, response) => {
    options.onActivity?.(true);
    response.on('close', () => options.onActivity?.(false));
    handle(options, ownHosts, request, response).catch((error: unknown) => sendJson(response, 500, { error: describeError(error) }));
  });
  // Keep-alive sockets would otherwise hold close() open until their timeout.
  server.keepAliveTimeout = 2_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  ownHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}

// A Claude Code http hook proceeds on any answer but a 2xx: on its path, what hookpool cannot
// answer (no token, a body over the limit) is answered 200 as a hook that gave no answer, refused
// where the event's guards fail closed, whenever the event can be told. The command path keeps
// the status codes: its client falls back to `run`, which answers for itself.
async function handle(options: HttpEndpointOptions, ownHosts: ReadonlySet<string>, request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (!isLoopbackAddress(request.socket.remoteAddress) || !ownHosts.has(request.headers.host ?? '')) {
    sendJson(response, 403, { error: 'hookpool serve answers loopback requests to 127.0.0.1 only' });
    return;
  }
  const path = (request.url ?? '').split('?')[0];
  if (request.method !== 'POST' || (path !== CLAUDE_HTTP_HOOK_PATH && path !== CLAUDE_COMMAND_HOOK_PATH)) {
    sendJson(response, 404, { error: `POST ${CLAUDE_HTTP_HOOK_PATH} or ${CLAUDE_COMMAND_HOOK_PATH}` });
    return;
  }
  const authorized = hasToken(request, options.token);
  if (!authorized && path === CLAUDE_COMMAND_HOOK_PATH) {
    sendJson(response, 401, { error: NO_TOKEN });
    return;
  }
  const body = await readBody(request);
  const payload = parsePayload(body.text);
  let spec;
  try {
    spec = claudeEventOf(typeof payload === 'string' ? { hook_event_name: eventNameIn(body.head) } : payload);
  } catch (error) {
    sendJson(response, authorized ? 400 : 401, { error: authorized ? describeError(error) : NO_TOKEN });
    return;
  }
  if (!authorized || typeof payload === 'string') {
    const reason = authorized ? `could not read the hook input (${payload})` : `got no ${TOKEN_HEADER} header, or a wrong one: export HOOKPOOL_SERVE_TOKEN=$(cat ${serveTokenPath()}) before starting Claude Code`;
    if (path === CLAUDE_COMMAND_HOOK_PATH) sendJson(response, 400, { error: reason });
    else sendJson(response, 200, claudeHttpBody(hookpoolFailureReply(spec, `hookpool serve ${reason}; nothing was run`)));
    return;
  }
  const reply = await answerClaudeHook(options.session, spec, payload, { envFile: envFileOf(request), stderrShown: path === CLAUDE_COMMAND_HOOK_PATH });
  if (path === CLAUDE_HTTP_HOOK_PATH) sendJson(response, 200, claudeHttpBody(reply));
  else sendJson(response, 200, reply.answer);
}

/** The client's CLAUDE_ENV_FILE, percent-encoded in its header (taken as it is when it does not decode). */
function envFileOf(request: IncomingMessage): string | undefined {
  const header = request.headers[ENV_FILE_HEADER];
  if (typeof header !== 'string' || header === '') return undefined;
  try {
    return decodeURIComponent(header);
  } catch {
    return header;
  }
}

function hasToken(request: IncomingMessage, token: string): boolean {
  const header = request.headers[TOKEN_HEADER];
  const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  const given = typeof header === 'string' && header !== '' ? header : bearer;
  if (given === undefined) return false;
  const expected = Buffer.from(token);
  const actual = Buffer.from(given.trim());
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

// How much of a body over the limit is kept: enough to find the event it was for.
const HEAD_BYTES = 64 * 1024;

/**
 * The body (`text`, or null as soon as it is over DEFAULT_MAX_PAYLOAD_BYTES: the rest is not
 * kept) and its first HEAD_BYTES. Events, not an async iterator: no promise per chunk.
 */
function readBody(request: IncomingMessage): Promise<{ text: string | null; head: string }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const head: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      if (size < HEAD_BYTES) head.push(chunk.subarray(0, HEAD_BYTES - size));
      size += chunk.length;
      if (size <= DEFAULT_MAX_PAYLOAD_BYTES) chunks.push(chunk);
      else chunks.length = 0;
    });
    request.once('end', () => resolve(size > DEFAULT_MAX_PAYLOAD_BYTES ? { text: null, head: Buffer.concat(head).toString('utf8') } : { text: Buffer.concat(chunks).toString('utf8'), head: '' }));
    request.once('error', reject);
  });
}

/** The event a hook input names near its start (Claude Code writes hook_event_name early), to refuse a body hookpool cannot read as that event. */
function eventNameIn(head: string): string | undefined {
  return /"hook_event_name"\s*:\s*"([A-Za-z]+)"/.exec(head)?.[1];
}

/** The hook input object, or the one-line reason it is not one. */
function parsePayload(body: string | null): Record<string, unknown> | string {
  if (body === null) return `the hook input is over ${DEFAULT_MAX_PAYLOAD_BYTES} bytes`;
  try {
    const value = JSON.parse(body) as unknown;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // Said below.
  }
  return 'the request body must be the hook input: a JSON object';
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  if (response.headersSent) return;
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}
