// fds 0, 1 and 2 without process.stdin, process.stdout and process.stderr: setting those up costs
// a short `run` about 5 ms (a pipe is a net.Socket, a terminal loads node:tty), a third of what
// it may spend beyond starting node. Writes go straight to the fd; a non-blocking pipe that is
// full (EAGAIN) hands the rest, and every later write, to the stream, which waits for the reader.
import { fstatSync, writeSync } from 'node:fs';

type Fd = 0 | 1 | 2;

const STREAMS = { 0: () => process.stdin, 1: () => process.stdout, 2: () => process.stderr };

/** The fds whose writes now go through their stream (after an EAGAIN). */
const streamed = new Set<1 | 2>();

/** True when the fd is a terminal. Only a character device can be one (/dev/null is one too): only then is the stream asked. */
export function isTerminal(fd: Fd): boolean {
  try {
    if (!fstatSync(fd).isCharacterDevice()) return false;
  } catch {
    return false; // closed
  }
  return STREAMS[fd]().isTTY === true;
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
      streamed.add(fd);
      return void streamOf(fd).write(bytes.subarray(offset));
    }
  }
}

function streamOf(fd: 1 | 2): NodeJS.WriteStream {
  const stream = STREAMS[fd]();
  if (stream.listenerCount('error') === 0) stream.on('error', ignoreClosedPipe);
  return stream;
}

// EPIPE: nobody reads any more. Reporting it would write to a closed pipe again (an endless loop
// when stderr is that pipe too), so the command just finishes without output.
export function ignoreClosedPipe(error: NodeJS.ErrnoException): void {
  if (error.code !== 'EPIPE') throw error;
}
