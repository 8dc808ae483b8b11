import type { Readable } from 'node:stream';

/** Collects a stream up to `maxBytes`, then keeps draining (so the writer never blocks) and discards. */
export class CappedCapture {
  private readonly chunks: Buffer[] = [];
  private bytes = 0;
  truncated = false;

  constructor(stream: Readable, private readonly maxBytes: number) {
    stream.on('data', (chunk: Buffer) => this.push(chunk));
    stream.on('error', () => {}); // a destroyed pipe mid-read is not an error of the hook run
  }

  private push(chunk: Buffer): void {
    const room = this.maxBytes - this.bytes;
    if (room <= 0) {
      this.truncated = true;
      return;
    }
    if (chunk.length > room) {
      this.truncated = true;
      chunk = chunk.subarray(0, room);
    }
    this.chunks.push(chunk);
    this.bytes += chunk.length;
  }

  text(): string {
    return this.chunks.length === 1 ? this.chunks[0]!.toString('utf8') : Buffer.concat(this.chunks).toString('utf8');
  }
}
