// The server's two sockets, bound by the supervisor and listened on and accepted from by its
// worker. The supervisor binds each one and keeps it for the server's whole life without ever
// accepting on it; each worker gets a copy over the IPC channel, listens on it and accepts its
// connections itself, so a call goes straight from the agent to the process that answers it. A
// socket in the listening state stays so while any process holds it: when a worker dies, the
// port stays this server's (no other program can take it) and new connections wait in the
// kernel's queue until the next worker accepts them.
//
// Node has no public call that binds a socket without also accepting on it in the same process;
// `net._createServerHandle` (what Node's cluster module uses for the same arrangement, there since
// Node 0.x) does exactly the binding. Its absence is a clear error, never a silent fallback.
import * as net from 'node:net';
import { getSystemErrorName } from 'node:util';
import { HookpoolError } from '../errors.js';

/** A bound socket's native handle, as Node's IPC channel passes it and `net.Server.listen` takes it. */
export interface BoundHandle {
  getsockname?(out: { port?: number }): number;
  close(): void;
}

type CreateServerHandle = (address: string, port: number, addressType: number) => BoundHandle | number;

function createServerHandle(): CreateServerHandle {
  const create = (net as unknown as { _createServerHandle?: CreateServerHandle })._createServerHandle;
  if (typeof create !== 'function') throw new HookpoolError('ERR_HOOKPOOL_SERVER_SOCKET', `this Node.js (${process.version}) cannot bind a socket for a worker to accept on`);
  return create;
}

/** Binds the Unix socket at `path` (the file is created; connections are refused until a worker listens). */
export function bindUnixSocket(path: string): BoundHandle {
  const bound = createServerHandle()(path, -1, -1);
  if (typeof bound === 'number') throw new HookpoolError('ERR_HOOKPOOL_SERVER_SOCKET', `cannot bind ${path} (${getSystemErrorName(bound)})`);
  return bound;
}

/** Binds 127.0.0.1:`port` (0: any free port); a port another program holds is a problem, not an error. */
export function bindLoopbackPort(port: number): { readonly handle: BoundHandle; readonly port: number } | { readonly problem: string } {
  const bound = createServerHandle()('127.0.0.1', port, 4);
  if (typeof bound === 'number') return { problem: `cannot listen on 127.0.0.1:${port} (${getSystemErrorName(bound)})` };
  // libuv reports a port in use at the first call after bind (here), not from bind itself.
  const address: { port?: number } = {};
  const error = bound.getsockname?.(address) ?? 0;
  if (error !== 0 || address.port === undefined) {
    bound.close();
    return { problem: `cannot listen on 127.0.0.1:${port} (${error !== 0 ? getSystemErrorName(error) : 'no address'})` };
  }
  return { handle: bound, port: address.port };
}
