// The per-user token: 32 random bytes, hex, in a 0600 file inside a 0700 folder. Created by the
// first server; clients and Claude Code's http hooks send it (http-hook-settings.ts says how).
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { serveTokenPath } from './server-paths.js';

/** The token, or null when there is none yet (no server ever ran) or it cannot be read. */
export function readServeToken(path: string = serveTokenPath()): string | null {
  try {
    const token = readFileSync(path, 'utf8').trim();
    return token === '' ? null : token;
  } catch {
    return null;
  }
}

/** The token, created on first use; the folder is made (or tightened to) 0700. */
export function ensureServeToken(path: string = serveTokenPath()): string {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  chmodSync(dirname(path), 0o700);
  const existing = readServeToken(path);
  if (existing !== null) return existing;
  const token = randomBytes(32).toString('hex');
  try {
    // `wx`: when two servers start at once, the first token written is the one both keep.
    writeFileSync(path, `${token}\n`, { mode: 0o600, flag: 'wx' });
    return token;
  } catch {
    const written = readServeToken(path);
    if (written === null) throw new Error(`cannot create the token file ${path}`);
    return written;
  }
}
