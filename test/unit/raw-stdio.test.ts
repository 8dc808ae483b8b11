// raw-stdio.ts: once any copy of the module (the executable and the run engine's bundle each hold
// one) has sent an fd's writes through its stream, every copy does, so nothing overtakes what the
// stream still queues.
import { afterEach, describe, expect, it, vi } from 'vitest';

describe('raw-stdio', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('a second copy of the module writes through the stream the first one switched to', async () => {
    const first = await import('../../src/io/raw-stdio.js');
    first.writeThroughStreams();
    vi.resetModules();
    const second = await import('../../src/io/raw-stdio.js');
    expect(second).not.toBe(first);
    const written: unknown[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: unknown) => {
      written.push(chunk);
      return true;
    });
    second.writeToFd(2, 'through the stream\n');
    expect(written).toEqual(['through the stream\n']);
  });
});
