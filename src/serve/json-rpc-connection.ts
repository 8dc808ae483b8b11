// A JSON-RPC 2.0 peer on a stream: requests go to a method table, answers and errors go back
// with the request's id, notifications go out with notify(). Whatever a message or a method does
// wrong is a JSON-RPC error with a one-line message, never a crash of the server.
import type { Readable, Writable } from 'node:stream';
import { HookpoolError } from '../errors.js';
import { describeError } from '../errors.js';
import { createMessageStream, MAX_MESSAGE_BYTES } from './json-rpc-framing.js';

/** A method: params in, result out; a HookpoolError becomes an error whose data names its code. */
export type RpcMethod = (params: Record<string, unknown>) => Promise<unknown> | unknown;

// The JSON-RPC 2.0 error codes (spec section 5.1); -32000 is the server's own range.
export const RPC_ERRORS = { parse: -32700, invalidRequest: -32600, methodNotFound: -32601, invalidParams: -32602, server: -32000 } as const;

/** A method's params are not what it takes; answered as -32602. */
export class InvalidParamsError extends Error {}

export interface RpcConnection {
  notify(method: string, params: unknown): void;
}

type Id = string | number | null;

export interface RpcConnectionOptions {
  readonly input: Readable;
  readonly output: Writable;
  readonly methods: Readonly<Record<string, RpcMethod>>;
  /** The peer's input ended. */
  readonly onEnd: () => void;
  /** A method call started (true) or settled (false): what keeps the server from going idle. */
  readonly onActivity?: (busy: boolean) => void;
}

/** Serves `methods` to the peer until its input ends. */
export function createRpcConnection({ input, output, methods, onEnd, onActivity }: RpcConnectionOptions): RpcConnection {
  const stream = createMessageStream(input, output, (text) => void receive(text), onEnd, () => fail(null, RPC_ERRORS.parse, `a message over ${MAX_MESSAGE_BYTES} bytes: dropped`));
  const send = (message: Record<string, unknown>) => stream.send({ jsonrpc: '2.0', ...message });
  const fail = (id: Id, code: number, message: string, data?: unknown) => send({ id, error: { code, message, ...(data === undefined ? {} : { data }) } });

  async function receive(text: string): Promise<void> {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      fail(null, RPC_ERRORS.parse, 'not valid JSON');
      return;
    }
    if (typeof message !== 'object' || message === null || Array.isArray(message)) {
      fail(null, RPC_ERRORS.invalidRequest, Array.isArray(message) ? 'batches are not supported: send one request per message' : 'a request must be a JSON object');
      return;
    }
    const request = message as Record<string, unknown>;
    const id = typeof request.id === 'string' || typeof request.id === 'number' ? request.id : null;
    const isNotification = !('id' in request);
    if (!isNotification && id === null && request.id !== null) {
      fail(null, RPC_ERRORS.invalidRequest, '"id" must be a string, a number or null');
      return;
    }
    if (request.jsonrpc !== '2.0' || typeof request.method !== 'string') {
      fail(id, RPC_ERRORS.invalidRequest, 'a request needs "jsonrpc": "2.0" and a "method" string');
      return;
    }
    const method = Object.hasOwn(methods, request.method) ? methods[request.method] : undefined;
    if (method === undefined) {
      if (!isNotification) fail(id, RPC_ERRORS.methodNotFound, `unknown method "${request.method}" (methods: ${Object.keys(methods).join(', ')})`);
      return;
    }
    const params = request.params ?? {};
    if (typeof params !== 'object' || params === null || Array.isArray(params)) {
      if (!isNotification) fail(id, RPC_ERRORS.invalidParams, 'params must be an object');
      return;
    }
    onActivity?.(true);
    try {
      const result = await method(params as Record<string, unknown>);
      if (!isNotification) send({ id, result: result ?? null });
    } catch (error) {
      if (isNotification) return;
      if (error instanceof InvalidParamsError) fail(id, RPC_ERRORS.invalidParams, error.message);
      else if (error instanceof HookpoolError) fail(id, RPC_ERRORS.server, describeError(error), { code: error.code });
      else fail(id, RPC_ERRORS.server, describeError(error));
    } finally {
      onActivity?.(false);
    }
  }

  return { notify: (method, params) => send({ method, params }) };
}
