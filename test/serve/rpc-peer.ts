// The agent's side of `hookpool serve --stdio`: sends requests on the child's stdin, collects its
// answers and notifications from stdout, in newline or Content-Length framing.
import type { ResultPromise } from 'execa';

export interface RpcMessage {
  jsonrpc: '2.0';
  id?: number | string | null;
  method?: string;
  params?: Record<string, unknown>;
  result?: unknown;
  error?: { code: number; message: string; data?: { code?: string } };
}

export interface RpcPeer {
  readonly messages: RpcMessage[];
  /** Sends a request and resolves with its answer (result or error message). */
  call(method: string, params?: Record<string, unknown>): Promise<RpcMessage>;
  /** Sends raw text as one message (a line, or a Content-Length frame). */
  sendRaw(text: string): void;
  /** Resolves with the first message (already received or coming) that `matches`. */
  waitFor(matches: (message: RpcMessage) => boolean, withinMs?: number): Promise<RpcMessage>;
}

export function createRpcPeer(child: ResultPromise, framing: 'lines' | 'content-length' = 'lines'): RpcPeer {
  const messages: RpcMessage[] = [];
  let nextId = 1;
  let pending = '';
  const waiters = new Set<() => void>();
  child.stdout!.on('data', (chunk: Buffer) => {
    pending += chunk.toString('utf8');
    for (;;) {
      if (pending.startsWith('Content-Length:')) {
        const headerEnd = pending.indexOf('\r\n\r\n');
        if (headerEnd < 0) break;
        const length = Number(/Content-Length:\s*(\d+)/.exec(pending)![1]);
        const body = Buffer.from(pending.slice(headerEnd + 4));
        if (body.length < length) break;
        messages.push(JSON.parse(body.subarray(0, length).toString('utf8')) as RpcMessage);
        pending = body.subarray(length).toString('utf8');
        continue;
      }
      const newline = pending.indexOf('\n');
      if (newline < 0) break;
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      if (line.trim() !== '') messages.push(JSON.parse(line) as RpcMessage);
    }
    for (const wake of waiters) wake();
  });
  const sendRaw = (text: string) => {
    child.stdin!.write(framing === 'lines' ? `${text}\n` : `Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`);
  };
  const waitFor = (matches: (message: RpcMessage) => boolean, withinMs = 20_000) =>
    new Promise<RpcMessage>((resolve, reject) => {
      const check = () => {
        const found = messages.find(matches);
        if (found === undefined) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no matching message within ${withinMs} ms; got ${JSON.stringify(messages)}`));
      }, withinMs);
      waiters.add(check);
      check();
    });
  return {
    messages,
    sendRaw,
    waitFor,
    call(method, params) {
      const id = nextId++;
      sendRaw(JSON.stringify({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) }));
      return waitFor((message) => message.id === id && message.method === undefined);
    },
  };
}
