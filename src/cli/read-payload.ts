// The event payload of `run` and `test`: --input, --input-file, or stdin.
import { readJsonFile, parseJsonText } from '../config/read-json-file.js';
import { HookpoolError } from '../errors.js';
import type { InputOptions } from './config-options.js';

export interface ReadPayloadOptions {
  /** Read stdin when neither option is given and stdin is not a terminal (`run`). */
  readonly stdinByDefault: boolean;
}

/** The payload object, or undefined when none was given. Bad JSON names its source, line and column. */
export async function readPayload(options: InputOptions, how: ReadPayloadOptions): Promise<Record<string, unknown> | undefined> {
  if (options.input !== undefined) return asPayload(parseJsonText(options.input, '--input'), '--input');
  if (options.inputFile === '-') return fromStdin();
  if (options.inputFile !== undefined) {
    const file = await readJsonFile(options.inputFile, { required: true });
    return asPayload(file?.value, options.inputFile);
  }
  if (how.stdinByDefault && !process.stdin.isTTY) return fromStdin();
  return undefined;
}

async function fromStdin(): Promise<Record<string, unknown> | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return undefined;
  return asPayload(parseJsonText(text, 'stdin'), 'stdin');
}

function asPayload(value: unknown, where: string): Record<string, unknown> {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  throw new HookpoolError('ERR_HOOKPOOL_INVALID_PAYLOAD', `${where}: the payload must be a JSON object like {"tool_name": "Bash", "tool_input": {"command": "ls"}}`);
}
