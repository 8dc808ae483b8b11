// node:fs as promises, for the modules on `hookpool run`'s hot path (config readers, the config
// cache, the CLI's small files, the engine's env files): loading node:fs/promises costs such a
// short process about 2 ms (it brings in streams and readline); node:fs is loaded at start-up.
// Two ways behind the same promises: node:fs's callbacks (the default: an agent's event loop
// keeps running meanwhile), or, once a one-shot process that has nothing to overlap them with
// calls answerFileCallsSynchronously() (`hookpool run`), the synchronous calls: each callback is
// a round trip through libuv's thread pool, whose start alone costs the first one about 1 ms.
import fs from 'node:fs';
import { promisify } from 'node:util';

// On globalThis: the CLI's bundles each hold a copy of this module, and the switch is per process.
const SYNCHRONOUS = Symbol.for('hookpool.synchronous-file-calls');

/** From now on this process answers the calls below synchronously (a one-shot command). */
export function answerFileCallsSynchronously(): void {
  (globalThis as Record<symbol, unknown>)[SYNCHRONOUS] = true;
}

// The promisified call, or the synchronous one with the same arguments and result.
function either<T extends (...args: never[]) => Promise<unknown>>(callbacks: T, synchronous: (...args: never[]) => unknown): T {
  return ((...args: Parameters<T>) => {
    if ((globalThis as Record<symbol, unknown>)[SYNCHRONOUS] !== true) return callbacks(...args);
    try {
      return Promise.resolve((synchronous as (...args: Parameters<T>) => unknown)(...args));
    } catch (error) {
      return Promise.reject(error);
    }
  }) as T;
}

export const stat = either(promisify(fs.stat), fs.statSync);
export const lstat = either(promisify(fs.lstat), fs.lstatSync);
export const fstat = either(promisify(fs.fstat), fs.fstatSync);
/** The system's realpath(3), as node:fs/promises' realpath. */
export const realpath = either(promisify(fs.realpath.native), fs.realpathSync.native);
export const readdir = either(promisify(fs.readdir), fs.readdirSync);
export const mkdir = either(promisify(fs.mkdir), fs.mkdirSync);
export const rename = either(promisify(fs.rename), fs.renameSync);
export const rm = either(promisify(fs.rm), fs.rmSync);
export const open = either(promisify(fs.open), fs.openSync);
export const read = either(promisify(fs.read), (fd: number, buffer: Buffer, offset: number, length: number, position: number | null) => ({ bytesRead: fs.readSync(fd, buffer, offset, length, position), buffer }));
export const mkdtemp = either(promisify(fs.mkdtemp), fs.mkdtempSync);
export const close = either(promisify(fs.close), fs.closeSync);
export const readFile = either(promisify(fs.readFile), fs.readFileSync);
export const writeFile = either(promisify(fs.writeFile), fs.writeFileSync);
export const appendFile = either(promisify(fs.appendFile), fs.appendFileSync);
