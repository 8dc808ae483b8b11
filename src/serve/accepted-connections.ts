// The connections a worker of `hookpool serve --http` accepts on the sockets its supervisor bound
// (bound-sockets.ts), before any reaches the HTTP server: one from the TCP port is closed unread
// unless its peer is the user's own process (or root's), at most MAX_CONNECTIONS are open at
// once, and one that has sent no request for SILENT_CONNECTION_MS is closed.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { isOwnLoopbackPeer } from '../project/server/loopback-owner.js';
import { MAX_CONNECTIONS, SILENT_CONNECTION_MS, type ConnectionKind } from './worker-channel.js';

export interface AcceptedConnections {
  /** Takes an accepted socket and gives it to the HTTP server once its peer passes. */
  accept(socket: Socket, kind: ConnectionKind): void;
  /** True for a request on a connection taken here (anything else reaching the server is not answered); the connection is no longer silent. */
  answerable(socket: Socket): boolean;
  /** Connections open now. */
  readonly count: number;
  /** Resolves once every connection taken here has closed. */
  drained(): Promise<void>;
}

/** `onBusyChange`: called when the first connection opens and when the last one closes. */
export function acceptConnectionsFor(server: Server, onBusyChange: (busy: boolean) => void = () => undefined): AcceptedConnections {
  const silent = new Map<Socket, NodeJS.Timeout>();
  const open = new Set<Socket>();
  const emptied: (() => void)[] = [];
  return {
    accept(socket, kind) {
      if (open.size >= MAX_CONNECTIONS) return void socket.destroy();
      open.add(socket);
      if (open.size === 1) onBusyChange(true);
      socket.on('error', () => socket.destroy());
      silent.set(socket, setTimeout(() => socket.destroy(), SILENT_CONNECTION_MS));
      socket.once('close', () => {
        clearTimeout(silent.get(socket));
        silent.delete(socket);
        open.delete(socket);
        if (open.size > 0) return;
        onBusyChange(false);
        for (const resolve of emptied.splice(0)) resolve();
      });
      // The client socket's folder is private to the user; the TCP port is anyone's to reach.
      const own = kind === 'client' ? Promise.resolve(true) : isOwnLoopbackPeer(socket.remotePort ?? 0, socket.localPort ?? 0);
      void own.then((yes) => {
        if (!yes) socket.destroy();
        else if (!socket.destroyed) server.emit('connection', socket);
      });
    },
    answerable(socket) {
      clearTimeout(silent.get(socket));
      return open.has(socket);
    },
    get count() {
      return open.size;
    },
    drained() {
      return open.size === 0 ? Promise.resolve() : new Promise((resolve) => emptied.push(resolve));
    },
  };
}
