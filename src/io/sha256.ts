// SHA-256 (for the configuration readers first of all), with node:crypto loaded on first use instead of at
// start-up: loading it costs a short `hookpool run` about 5 ms, and a run whose configuration
// comes from the cache hashes nothing (config/fingerprint.ts).
import type { Hash } from 'node:crypto';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let crypto: typeof import('node:crypto') | undefined;

/** A SHA-256 hash to feed chunks to. */
export function createSha256(): Hash {
  crypto ??= require('node:crypto') as typeof import('node:crypto');
  return crypto.createHash('sha256');
}

/** The SHA-256 of the data, in hex. */
export function sha256Hex(data: string | Uint8Array): string {
  return createSha256().update(data).digest('hex');
}
