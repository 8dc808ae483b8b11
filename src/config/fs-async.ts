// node:fs's callback API as promises, for the modules on `hookpool run`'s hot path (config
// readers, the config cache, the CLI's small files, the engine's env files): loading node:fs/promises costs such a short
// process about 2 ms (it brings in streams and readline), node:fs is loaded at start-up anyway.
import fs from 'node:fs';
import { promisify } from 'node:util';

export const stat = promisify(fs.stat);
export const lstat = promisify(fs.lstat);
export const fstat = promisify(fs.fstat);
/** The system's realpath(3), as node:fs/promises' realpath. */
export const realpath = promisify(fs.realpath.native);
export const readdir = promisify(fs.readdir);
export const mkdir = promisify(fs.mkdir);
export const rename = promisify(fs.rename);
export const rm = promisify(fs.rm);
export const open = promisify(fs.open);
export const read = promisify(fs.read);
export const mkdtemp = promisify(fs.mkdtemp);
export const close = promisify(fs.close);
export const readFile = promisify(fs.readFile);
export const writeFile = promisify(fs.writeFile);
export const appendFile = promisify(fs.appendFile);
