// Who owns either end of a loopback TCP socket, read from the kernel's socket table (/proc/net/tcp
// lists each socket's addresses, state and owner's uid). The server answers only the user's own
// processes (and root's), so no token is needed in the agent's settings; and an agent's http
// entries are never left posting to a port another user's program listens on.
import { readFile } from 'node:fs/promises';

// /proc/net/tcp's state column: 0A is LISTEN.
const LISTEN = '0A';

/** The socket table's rows as [local address, state, uid], or null when it cannot be read (not Linux). */
async function tcpSockets(): Promise<{ local: string; state: string; uid: number }[] | null> {
  let table: string;
  try {
    table = await readFile('/proc/net/tcp', 'latin1');
  } catch {
    return null;
  }
  return table.split('\n').slice(1).flatMap((line) => {
    const fields = line.trim().split(/\s+/);
    return fields.length > 7 ? [{ local: fields[1]!, state: fields[3]!, uid: Number(fields[7]) }] : [];
  });
}

/** The port as /proc/net/tcp writes it, and the loopback and wildcard addresses before it (host byte order either way). */
function addresses(port: number, hosts: readonly string[]): Set<string> {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  return new Set(hosts.map((host) => `${host}:${hex}`));
}

function isOwnUid(uid: number): boolean {
  return uid === process.getuid?.() || uid === 0;
}

/** The uid owning the client end of a connection from 127.0.0.1:`remotePort`, or null when it cannot be found (not Linux, gone). */
export async function loopbackPeerUid(remotePort: number): Promise<number | null> {
  const locals = addresses(remotePort, ['0100007F', '7F000001']);
  return (await tcpSockets())?.find((socket) => locals.has(socket.local))?.uid ?? null;
}

/** True when the peer is this user or root. */
export async function isOwnLoopbackPeer(remotePort: number): Promise<boolean> {
  const uid = await loopbackPeerUid(remotePort);
  return uid !== null && isOwnUid(uid);
}

/** The uid of another user listening where 127.0.0.1:`port` reaches (the loopback or the wildcard address), or null when nobody else does. */
export async function foreignListenerUid(port: number): Promise<number | null> {
  const locals = addresses(port, ['0100007F', '7F000001', '00000000']);
  return (await tcpSockets())?.find((socket) => socket.state === LISTEN && locals.has(socket.local) && !isOwnUid(socket.uid))?.uid ?? null;
}
