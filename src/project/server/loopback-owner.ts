// Who owns either end of a loopback TCP socket, read from the kernel's socket table (/proc/net/tcp
// lists each socket's addresses, state and owner's uid). The server answers only the user's own
// processes (and root's), so no token is needed in the agent's settings; and an agent's http
// entries are never left posting to a port another user's program listens on. The table is read
// a piece at a time until the line looked for (a busy machine lists thousands of sockets), and
// only that line is split; off the event loop, since a flood of connections means a read each,
// and a server busy reading could not answer its supervisor's pings.
import { open } from 'node:fs/promises';

// About a hundred lines of the table per read.
const CHUNK_BYTES = 16 * 1024;
// The loopback address as the table writes it (host byte order, either way), and the wildcard.
const LOOPBACK = ['0100007F', '7F000001'];
const WILDCARD = '00000000';
// The state column: 0A is LISTEN.
const LISTEN = '0A';

/** /proc/net/tcp's spelling of a port. */
function hex(port: number): string {
  return port.toString(16).toUpperCase().padStart(4, '0');
}

/** The fields of the first line of the table holding one of `needles`, or null (none, or no table: not Linux). */
async function findSocket(needles: readonly string[]): Promise<string[] | null> {
  let file;
  try {
    file = await open('/proc/net/tcp', 'r');
  } catch {
    return null;
  }
  try {
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    let rest = '';
    for (let { bytesRead } = await file.read(chunk, 0, CHUNK_BYTES); bytesRead > 0; { bytesRead } = await file.read(chunk, 0, CHUNK_BYTES)) {
      const text = rest + chunk.toString('latin1', 0, bytesRead);
      const end = text.lastIndexOf('\n') + 1;
      for (const needle of needles) {
        const at = text.indexOf(needle);
        if (at >= 0 && at < end) return text.slice(text.lastIndexOf('\n', at) + 1, text.indexOf('\n', at)).trim().split(/\s+/);
      }
      rest = text.slice(end);
    }
    return null;
  } catch {
    return null;
  } finally {
    await file.close();
  }
}

function isOwnUid(uid: number): boolean {
  return uid === process.getuid?.() || uid === 0;
}

/** The uid owning the client end of a connection from 127.0.0.1:`remotePort` to 127.0.0.1:`localPort`, or null when it cannot be found (not Linux, gone). */
export async function loopbackPeerUid(remotePort: number, localPort: number): Promise<number | null> {
  const fields = await findSocket(LOOPBACK.map((address) => `: ${address}:${hex(remotePort)} ${address}:${hex(localPort)} `));
  return fields === null ? null : Number(fields[7]);
}

/** True when the peer is this user or root. */
export async function isOwnLoopbackPeer(remotePort: number, localPort: number): Promise<boolean> {
  const uid = await loopbackPeerUid(remotePort, localPort);
  return uid !== null && isOwnUid(uid);
}

/** The uid of another user listening where 127.0.0.1:`port` reaches (the loopback or the wildcard address), or null when nobody else does. */
export async function foreignListenerUid(port: number): Promise<number | null> {
  const fields = await findSocket([...LOOPBACK, WILDCARD].map((address) => `: ${address}:${hex(port)} ${WILDCARD}:0000 ${LISTEN} `));
  return fields === null || isOwnUid(Number(fields[7])) ? null : Number(fields[7]);
}
