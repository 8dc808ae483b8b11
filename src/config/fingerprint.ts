// What a reader saw, as one string the config cache compares again later (file-journal.ts):
// a small file by its bytes themselves, which needs no hashing at all on the cache's hot path,
// a larger one by its SHA-256. Equal fingerprints mean equal bytes either way.
import { sha256Hex } from '../io/sha256.js';

/** Files up to this size are fingerprinted by their bytes (hook configurations and scripts are far smaller). */
export const EXACT_FINGERPRINT_MAX_BYTES = 64 * 1024;

/** The fingerprint of a file's bytes. */
export function fingerprintBytes(bytes: Buffer): string {
  return bytes.length <= EXACT_FINGERPRINT_MAX_BYTES ? `bytes ${bytes.toString('base64')}` : fingerprintSha256(sha256Hex(bytes));
}

/** The fingerprint of a file hashed while streamed: the same string fingerprintBytes gives its bytes. */
export function fingerprintSha256(sha256: string): string {
  return `sha256 ${sha256}`;
}
