// All of stdin as text, for `run` and hookpool-client, which agents start once per tool call.
// process.stdin costs such a short process several milliseconds (raw-stdio.ts), so a pipe or a
// file on fd 0 is read with plain reads; only a non-blocking fd 0 (EAGAIN, e.g. a pipe a shell
// left O_NONBLOCK) is handed to process.stdin for the rest.
import { read } from 'node:fs';
import { promisify } from 'node:util';

const readFd = promisify(read);

/** Stdin to its end, or null as soon as it is over `maxBytes`. */
export async function readStdinText(maxBytes = Number.POSITIVE_INFINITY): Promise<string | null> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  const add = (chunk: Buffer): boolean => {
    bytes += chunk.length;
    chunks.push(chunk);
    return bytes <= maxBytes;
  };
  const direct = await readDirectly(add);
  if (direct === 'over') return null;
  if (direct === 'non-blocking') {
    for await (const chunk of process.stdin) {
      // Leaving the loop destroys the stream.
      if (!add(chunk as Buffer)) return null;
    }
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function readDirectly(add: (chunk: Buffer) => boolean): Promise<'end' | 'over' | 'non-blocking'> {
  for (;;) {
    const buffer = Buffer.allocUnsafe(65_536);
    let bytesRead: number;
    try {
      ({ bytesRead } = await readFd(0, buffer, 0, buffer.length, null));
    } catch (error) {
      const { code } = error as NodeJS.ErrnoException;
      if (code === 'EAGAIN') return 'non-blocking';
      if (code === 'EBADF') return 'end'; // fd 0 closed: nothing to read
      throw error;
    }
    if (bytesRead === 0) return 'end';
    if (!add(buffer.subarray(0, bytesRead))) return 'over';
  }
}
