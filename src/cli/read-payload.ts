// The event payload of `run` and `test`: --input, --input-file, or stdin, never more than the
// engine would hand to a hook (maxPayloadBytes): a runaway producer gets a clear error, not an
// out-of-memory.
import { parseJsonOrThrow } from '../io/parse-json.js';
import { readConfigFile } from '../config/read-config-file.js';
import { DEFAULT_MAX_PAYLOAD_BYTES } from '../engine/payload-limit.js';
import { HookpoolError } from '../errors.js';
import type { InputOptions } from './config-options.js';
import { isTerminal } from '../io/raw-stdio.js';
import { readStdinText } from '../io/read-stdin.js';

export interface ReadPayloadOptions {
  /** Read stdin when neither option is given and stdin is not a terminal (`run`). */
  readonly stdinByDefault: boolean;
}

/** The payload object, or undefined when none was given. Bad JSON names its source, line and column. */
export async function readPayload(options: InputOptions, how: ReadPayloadOptions): Promise<Record<string, unknown> | undefined> {
  if (options.input !== undefined) return asPayload(parseJsonOrThrow(options.input, '--input'), '--input');
  if (options.inputFile === '-') return fromStdin();
  if (options.inputFile !== undefined) return asPayload(await readInputFile(options.inputFile), options.inputFile);
  if (how.stdinByDefault && !isTerminal(0)) return fromStdin();
  return undefined;
}

// The same reader as configuration files: it refuses a FIFO, a directory and anything over 16 MiB.
async function readInputFile(path: string): Promise<unknown> {
  const file = await readConfigFile(path, { userLevel: false });
  if (file.status === 'missing') throw new HookpoolError('ERR_HOOKPOOL_CONFIG_READ', `${path}: no such file`);
  if (file.status === 'failed') throw new HookpoolError('ERR_HOOKPOOL_CONFIG_READ', file.problem);
  return file.value;
}

async function fromStdin(): Promise<Record<string, unknown> | undefined> {
  const text = await readStdinText(DEFAULT_MAX_PAYLOAD_BYTES);
  if (text === null) throw tooLarge('stdin');
  if (text.trim() === '') return undefined;
  return asPayload(parseJsonOrThrow(text, 'stdin'), 'stdin');
}

function tooLarge(where: string): HookpoolError {
  return new HookpoolError('ERR_HOOKPOOL_INVALID_PAYLOAD', `${where}: the payload is over ${DEFAULT_MAX_PAYLOAD_BYTES} bytes, the most a hook is given (maxPayloadBytes); nothing was run`);
}

function asPayload(value: unknown, where: string): Record<string, unknown> {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  throw new HookpoolError('ERR_HOOKPOOL_INVALID_PAYLOAD', `${where}: the payload must be a JSON object like {"tool_name": "Bash", "tool_input": {"command": "ls"}}`);
}
