// fs-async.ts answers through node:fs's callbacks, or, once a one-shot process switched it
// (`hookpool run`), through the synchronous calls: the same values and the same errors either
// way. The switch is per process, so each mode runs in a node process of its own.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const FS_ASYNC = fileURLToPath(new URL('../../dist/src/io/fs-async.js', import.meta.url));

// Every call the module offers, on a temp folder: what each resolved to, or the code it rejected with.
const SCRIPT = `
import * as fs from ${JSON.stringify(FS_ASYNC)};
import { tmpdir } from 'node:os';
import { join } from 'node:path';
if (process.argv[1] === 'synchronous') fs.answerFileCallsSynchronously();
const outcome = (promise) => promise.then((value) => ({ value }), (error) => ({ code: error.code }));
// Synchronous answers settle within the current task's microtasks; a callback needs the event loop
// to turn, which it cannot while only microtasks run (whatever libuv's phases order).
let settled = false;
const pending = fs.mkdtemp(join(tmpdir(), 'hookpool-fs-async-')).then((made) => { settled = true; return made; });
for (let tick = 0; tick < 10; tick += 1) await null;
const answeredBeforeATurn = settled;
const dir = await pending;
const file = join(dir, 'a.txt');
const results = {
  write: await outcome(fs.writeFile(file, 'hello')),
  append: await outcome(fs.appendFile(file, ' world')),
  readFile: await outcome(fs.readFile(file, 'utf8')),
  size: await outcome(fs.stat(file).then((info) => info.size)),
  lstatIsFile: await outcome(fs.lstat(file).then((info) => info.isFile())),
  readdir: await outcome(fs.readdir(dir)),
  realpathIsDir: await outcome(fs.realpath(dir).then((path) => path.endsWith(dir.split('/').pop()))),
  mkdir: await outcome(fs.mkdir(join(dir, 'sub', 'deeper'), { recursive: true }).then((first) => first.endsWith('sub'))),
  rename: await outcome(fs.rename(file, join(dir, 'b.txt'))),
  missingStat: await outcome(fs.stat(join(dir, 'missing'))),
  missingRead: await outcome(fs.readFile(join(dir, 'missing'))),
  missingOpen: await outcome(fs.open(join(dir, 'missing'), 'r')),
};
const fd = await fs.open(join(dir, 'b.txt'), 'r');
const buffer = Buffer.alloc(5);
const { bytesRead } = await fs.read(fd, buffer, 0, 5, 0);
results.read = { bytesRead, text: buffer.toString('utf8') };
results.fstatSize = (await fs.fstat(fd)).size;
results.close = await outcome(fs.close(fd));
results.rm = await outcome(fs.rm(dir, { recursive: true, force: true }));
results.gone = await outcome(fs.stat(dir));
console.log(JSON.stringify({ answeredBeforeATurn, results }));
`;

function resultsIn(mode: 'callbacks' | 'synchronous'): { answeredBeforeATurn: boolean; results: unknown } {
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', SCRIPT, mode], { encoding: 'utf8' }));
}

describe('fs-async', () => {
  it('answers the same through callbacks and synchronously, errors included', () => {
    const callbacks = resultsIn('callbacks');
    const synchronous = resultsIn('synchronous');
    expect([callbacks.answeredBeforeATurn, synchronous.answeredBeforeATurn]).toEqual([false, true]);
    expect(callbacks.results).toMatchObject({
      readFile: { value: 'hello world' },
      size: { value: 11 },
      readdir: { value: ['a.txt'] },
      missingStat: { code: 'ENOENT' },
      missingOpen: { code: 'ENOENT' },
      read: { bytesRead: 5, text: 'hello' },
      gone: { code: 'ENOENT' },
    });
    expect(synchronous.results).toEqual(callbacks.results);
  });
});
