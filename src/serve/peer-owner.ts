// Who is on the other end of a loopback TCP connection: the owner of the client's socket, read
// from the kernel's socket table (/proc/net/tcp lists each socket's addresses and its owner's
// uid). The server answers only the user's own processes (and root's): a process of another
// user reaching the port gets nothing, so no token is needed in the agent's settings.
import { readFile } from 'node:fs/promises';

/** The uid owning the client end of a connection from 127.0.0.1:`remotePort`, or null when it cannot be found (not Linux, gone). */
export async function loopbackPeerUid(remotePort: number): Promise<number | null> {
  let table: string;
  try {
    table = await readFile('/proc/net/tcp', 'latin1');
  } catch {
    return null;
  }
  // The client's socket is the one whose local address is 127.0.0.1:remotePort (the address in the host's byte order).
  const port = remotePort.toString(16).toUpperCase().padStart(4, '0');
  const locals = new Set([`0100007F:${port}`, `7F000001:${port}`]);
  for (const line of table.split('\n')) {
    const fields = line.trim().split(/\s+/);
    if (locals.has(fields[1] ?? '')) return Number(fields[7]);
  }
  return null;
}

/** True when the peer is this user or root. */
export async function isOwnLoopbackPeer(remotePort: number): Promise<boolean> {
  const uid = await loopbackPeerUid(remotePort);
  const me = process.getuid?.();
  return uid !== null && (uid === me || uid === 0);
}
