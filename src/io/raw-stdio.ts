// fds 0, 1 and 2 without process.stdin, process.stdout and process.stderr: setting those up costs
// a short `run` about 5 ms (a pipe is a net.Socket, a terminal loads node:tty), a third of what
// it may spend beyond starting node. Writes go straight to the fd until something uses the
// stream: node then makes a pipe non-blocking and queues what the reader has not taken yet, so
// every later write goes through the stream too, in order (an EAGAIN switches over the same way).
import { fstatSync, writeSync } from 'node:fs';

type Fd = 0 | 1 | 2;

/**
 * The fds whose writes go through their stream: it was set up, or a write met EAGAIN. Kept on
 * globalThis: the executable and the run engine's bundle each hold a copy of this module, and both
 * write to the same fds.
 */
const streamed: Set<1 | 2> = ((globalThis as Record<symbol, unknown>)[Symbol.for('hookpool.streamed-fds')] ??= new Set<1 | 2>()) as Set<1 | 2>;

/** True when the fd is a terminal. Only a character device can be one (/dev/null is one too): only then is the stream asked. */
export function isTerminal(fd: Fd): boolean {
  try {
    if (!fstatSync(fd).isCharacterDevice()) return false;
  } catch {
    return false; // closed
  }
  return (fd === 0 ? process.stdin : streamOf(fd)).isTTY === true;
}

/** Every later write to stdout and stderr goes through process.stdout and process.stderr (for code that writes to them too). */
export function writeThroughStreams(): void {
  streamOf(1);
  streamOf(2);
}

/** Writes all of `text`; a reader that went away (EPIPE) ends the output quietly. */
export function writeToFd(fd: 1 | 2, text: string): void {
  if (streamed.has(fd)) return void streamOf(fd).write(text);
  const bytes = Buffer.from(text);
  let offset = 0;
  while (offset < bytes.length) {
    try {
      offset += writeSync(fd, bytes, offset);
    } catch (error) {
      const { code } = error as NodeJS.ErrnoException;
      if (code === 'EPIPE') return;
      if (code !== 'EAGAIN') throw error;
      return void streamOf(fd).write(bytes.subarray(offset));
    }
  }
}

function streamOf(fd: 1 | 2): NodeJS.WriteStream {
  const stream = fd === 1 ? process.stdout : process.stderr;
  if (!streamed.has(fd)) stream.on('error', ignoreClosedPipe);
  streamed.add(fd);
  return stream;
}

// EPIPE: nobody reads any more. Reporting it would write to a closed pipe again (an endless loop
// when stderr is that pipe too), so the command just finishes without output.
function ignoreClosedPipe(error: NodeJS.ErrnoException): void {
  if (error.code !== 'EPIPE') throw error;
}
