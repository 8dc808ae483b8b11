// `hookpool run` without commander: agents call it on every tool call, and commander's load is a
// measurable part of a no-match run. Plain arguments are parsed with node:util; anything else
// (help, a typo, conflicting options) goes to commander, which explains it, before stdin is read.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { answerFileCallsSynchronously } from '../io/fs-async.js';
import { isDialectName } from '../dialects/dialect-names.js';
import type { RunOptions } from './run-event.js';

const OPTIONS = {
  input: { type: 'string' },
  'input-file': { type: 'string' },
  config: { type: 'string', multiple: true },
  'claude-settings': { type: 'string', multiple: true },
  plugin: { type: 'string', multiple: true },
  cwd: { type: 'string' },
  'pass-env': { type: 'string', multiple: true },
  'session-id': { type: 'string' },
  json: { type: 'boolean' },
  format: { type: 'string' },
  part: { type: 'string' },
  'http-port': { type: 'string' },
} satisfies ParseArgsConfig['options'];

/** `run`'s event and options from argv (after `run`), or undefined when commander must handle them. */
export function parseRunArguments(args: readonly string[]): { event: string | undefined; options: RunOptions } | undefined {
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], options: OPTIONS, allowPositionals: true, strict: true });
  } catch {
    return undefined;
  }
  const { values, positionals } = parsed;
  if (positionals.length > 1 || (values.input !== undefined && values['input-file'] !== undefined)) return undefined;
  if (values.format !== undefined && (!isDialectName(values.format) || values.json === true)) return undefined;
  const options: RunOptions = {
    input: values.input,
    inputFile: values['input-file'],
    config: values.config,
    claudeSettings: values['claude-settings'],
    plugin: values.plugin,
    cwd: values.cwd,
    passEnv: values['pass-env'],
    sessionId: values['session-id'],
    json: values.json,
    format: values.format as RunOptions['format'],
    part: values.part,
    httpPort: values['http-port'],
  };
  return { event: positionals[0], options };
}

/** Runs `hookpool run ...` and resolves with the exit code, or undefined when commander must parse argv. */
export async function runFast(argv: readonly string[]): Promise<number | undefined> {
  const parsed = parseRunArguments(argv.slice(3));
  if (parsed === undefined) return undefined;
  // A run does one thing at a time: its file calls need no trip through libuv's thread pool.
  answerFileCallsSynchronously();
  const [{ runEvent }, { reportError }] = await Promise.all([import('./run-event.js'), import('./report-error.js')]);
  try {
    return await runEvent(parsed.event, parsed.options);
  } catch (error) {
    return reportError(error);
  }
}
