// The JSON-RPC byte framing of `serve --stdio`: messages come out whole however the bytes are cut
// into chunks, in either framing, and a message over the size limit is skipped and reported
// without losing the messages around it.
import { PassThrough } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMessageStream, MAX_MESSAGE_BYTES } from '../../src/serve/json-rpc-framing.js';

interface Read {
  readonly messages: string[];
  readonly oversize: number;
}

/** Feeds `chunks` to a message stream, then ends its input; resolves with what it read. */
function readChunks(chunks: readonly Buffer[]): Promise<Read> {
  const input = new PassThrough();
  const messages: string[] = [];
  let oversize = 0;
  return new Promise((resolve) => {
    createMessageStream(input, new PassThrough(), (text) => messages.push(text), () => resolve({ messages, oversize }), () => oversize++);
    for (const chunk of chunks) input.write(chunk);
    input.end();
  });
}

/** `bytes` cut at the given offsets. */
function cut(bytes: Buffer, offsets: readonly number[]): Buffer[] {
  const at = [...new Set(offsets.map((offset) => offset % (bytes.length + 1)))].sort((a, b) => a - b);
  return [0, ...at].map((start, index) => bytes.subarray(start, at[index] ?? bytes.length)).filter((chunk) => chunk.length > 0);
}

const line = (text: string) => `${text}\n`;
const frame = (text: string) => `Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`;

describe('JSON-RPC framing', () => {
  it('reads the same messages however the bytes are cut, in both framings and mixed', async () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 40 }).map((value) => JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'fire', params: { value } }));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(text, fc.boolean()), { minLength: 1, maxLength: 6 }), fc.array(fc.nat(), { maxLength: 12 }), async (messages, offsets) => {
        const bytes = Buffer.from(messages.map(([message, framed]) => (framed ? frame(message) : line(message))).join(''));
        const read = await readChunks(cut(bytes, offsets));
        expect(read).toEqual({ messages: messages.map(([message]) => message), oversize: 0 });
      }),
      { numRuns: 200 },
    );
  });

  it("reads an LSP message whose Content-Type header comes before its Content-Length", async () => {
    const body = '{"jsonrpc":"2.0","id":1,"method":"list"}';
    const message = `Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
    expect(await readChunks([Buffer.from(message)])).toEqual({ messages: [body], oversize: 0 });
  });

  it('reads a last line without its newline', async () => {
    expect(await readChunks([Buffer.from('{"a":1}\n{"b":2}')])).toEqual({ messages: ['{"a":1}', '{"b":2}'], oversize: 0 });
  });

  it('skips a line over the limit, sent in many chunks, and reads the next one', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 'x');
    const chunks = Array.from({ length: Math.ceil(MAX_MESSAGE_BYTES / chunk.length) + 2 }, () => chunk);
    const read = await readChunks([Buffer.from('{"before":1}\n'), ...chunks, Buffer.from('xx\n{"after":2}\n')]);
    expect(read).toEqual({ messages: ['{"before":1}', '{"after":2}'], oversize: 1 });
  });

  it('skips a line over the limit that arrives whole', async () => {
    const read = await readChunks([Buffer.from(`${'x'.repeat(MAX_MESSAGE_BYTES + 1)}\n{"after":2}\n`)]);
    expect(read).toEqual({ messages: ['{"after":2}'], oversize: 1 });
  });

  it('skips a Content-Length frame over the limit by its announced length and reads the next one', async () => {
    const length = MAX_MESSAGE_BYTES + 10;
    const body = Buffer.alloc(length, '\n');
    const read = await readChunks([Buffer.from(`Content-Length: ${length}\r\n\r\n`), body.subarray(0, 5), body.subarray(5), Buffer.from(frame('{"after":2}'))]);
    expect(read).toEqual({ messages: ['{"after":2}'], oversize: 1 });
  });
});
