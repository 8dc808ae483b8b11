// Who is on the other end of a loopback TCP connection: the owner of the client's socket, read
// from the kernel's socket table (/proc/net/tcp lists each socket's addresses and its owner's
// uid). The server answers only the user's own processes (and root's): a process of another
// user reaching the port gets nothing, so no token is needed in the agent's settings. Asked once
// per connection: the table is read a piece at a time until the client's line (a busy machine
// lists thousands of sockets), and only that line is split. The file is made in memory by the
// kernel: a synchronous read costs less than a round trip to the thread pool.
import { closeSync, openSync, readSync } from 'node:fs';

// About a hundred lines of the table per read.
const CHUNK_BYTES = 16 * 1024;
const chunk = Buffer.allocUnsafe(CHUNK_BYTES);

/** The uid owning the client end of a connection from 127.0.0.1:`remotePort` to 127.0.0.1:`localPort`, or null when it cannot be found (not Linux, gone). */
export function loopbackPeerUid(remotePort: number, localPort: number): number | null {
  let fd: number;
  try {
    fd = openSync('/proc/net/tcp', 'r');
  } catch {
    return null;
  }
  // The client's socket is the one from 127.0.0.1:remotePort to 127.0.0.1:localPort (addresses in the host's byte order).
  const [client, server] = [remotePort, localPort].map((port) => port.toString(16).toUpperCase().padStart(4, '0'));
  const lines = ['0100007F', '7F000001'].map((address) => `: ${address}:${client} ${address}:${server} `);
  try {
    let rest = '';
    for (let read = readSync(fd, chunk); read > 0; read = readSync(fd, chunk)) {
      const text = rest + chunk.toString('latin1', 0, read);
      const end = text.lastIndexOf('\n') + 1;
      for (const line of lines) {
        const at = text.indexOf(line);
        if (at >= 0 && at < end) return Number(text.slice(at + 1, text.indexOf('\n', at)).trim().split(/\s+/)[6]);
      }
      rest = text.slice(end);
    }
    return null;
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

/** True when the peer is this user or root. */
export function isOwnLoopbackPeer(remotePort: number, localPort: number): boolean {
  const uid = loopbackPeerUid(remotePort, localPort);
  const me = process.getuid?.();
  return uid !== null && (uid === me || uid === 0);
}
