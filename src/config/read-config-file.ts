// One configuration file as JSON, or why it could not be loaded, as data: a bad file is a
// problem line for its caller to report, never an exception that stops the other files.
import { parseJson } from '../io/parse-json.js';
import { readFileBytes } from './read-file-bytes.js';
import { sha256Hex } from '../io/sha256.js';

export type ConfigFileRead =
  | { readonly status: 'missing' }
  /** `problem` is the line to report (`<file>: ...` or `<file>:<line>:<column>: ...`); `reason` says the same without the path. */
  | { readonly status: 'failed'; readonly problem: string; readonly reason: string; readonly sha256: string | null }
  | { readonly status: 'read'; readonly value: unknown; readonly sha256: string };

export interface ReadConfigFileOptions {
  /** Refused when others could have written it (user-file-safety.ts). */
  readonly userLevel: boolean;
  /** Reads the text into a value instead of JSON.parse (frontmatter); what it throws is the file's problem. */
  readonly parse?: (text: string) => unknown;
}

/** Reads and parses `path`; `userLevel` files are refused when others could have written them. */
export async function readConfigFile(path: string, options: ReadConfigFileOptions): Promise<ConfigFileRead> {
  const file = await readFileBytes(path, options);
  if (file.status === 'missing') return file;
  if (file.status === 'failed') return { status: 'failed', problem: `${path}: ${file.reason}`, reason: file.reason, sha256: null };
  const sha256 = sha256Hex(file.bytes);
  const text = file.bytes.toString('utf8');
  if (options.parse !== undefined) {
    try {
      return { status: 'read', value: options.parse(text), sha256 };
    } catch (error) {
      const reason = (error as Error).message;
      return { status: 'failed', problem: `${path}: ${reason}`, reason, sha256 };
    }
  }
  const parsed = parseJson(text);
  if (parsed.ok) return { status: 'read', value: parsed.value, sha256 };
  return { status: 'failed', problem: `${path}:${parsed.at}`, reason: `not valid JSON (${parsed.at})`, sha256 };
}
