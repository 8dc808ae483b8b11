// Wundr-style `{{field.path}}` placeholders, filled from the hook's input at fire time.
//
// A value is never put into a shell command's text: each placeholder of a `sh -c` command is
// replaced, once, by a quoted reference to an environment variable, and the fire sets that
// variable. The shell expands a variable without parsing its value, so no payload can close a
// quote or start a command, wherever the author put the placeholder. The one place a reference
// cannot go is inside single quotes, where the shell expands nothing: that is refused at load.
import { HookpoolError } from '../errors.js';

const PLACEHOLDER = /\{\{\s*([\w.-]+)\s*\}\}/y;
const ANY_PLACEHOLDER = /\{\{\s*[\w.-]+\s*\}\}/;
const VARIABLE_PREFIX = 'HOOKPOOL_TEMPLATE_';

/** A `sh -c` command with its placeholders turned into variable references, and the input path each variable holds. */
export interface CommandTemplate {
  readonly command: string;
  /** `paths[n]` fills HOOKPOOL_TEMPLATE_<n + 1>. */
  readonly paths: readonly string[];
}

/** True when a command or argument has a `{{...}}` placeholder. */
export function hasPlaceholder(text: string): boolean {
  return ANY_PLACEHOLDER.test(text);
}

/**
 * Compiles a `sh -c` command: an unquoted placeholder becomes `"${HOOKPOOL_TEMPLATE_n}"`, one in
 * double quotes `${HOOKPOOL_TEMPLATE_n}`. Throws ERR_HOOKPOOL_INVALID_CONFIG for one in single quotes.
 */
export function compileCommandTemplate(command: string): CommandTemplate {
  const paths: string[] = [];
  let compiled = '';
  let quote: '' | "'" | '"' = '';
  for (let at = 0; at < command.length; ) {
    PLACEHOLDER.lastIndex = at;
    const placeholder = PLACEHOLDER.exec(command);
    if (placeholder !== null) {
      if (quote === "'") throw quotedPlaceholder(placeholder[0]);
      const path = placeholder[1]!;
      const number = (paths.includes(path) ? paths.indexOf(path) : paths.push(path) - 1) + 1;
      const reference = `\${${VARIABLE_PREFIX}${number}}`;
      compiled += quote === '"' ? reference : `"${reference}"`;
      at += placeholder[0].length;
      continue;
    }
    const char = command[at]!;
    const escapes = char === '\\' && quote !== "'";
    if (quote === '' && (char === "'" || char === '"')) quote = char;
    else if (char === quote) quote = '';
    compiled += escapes ? command.slice(at, at + 2) : char;
    at += escapes ? 2 : 1;
  }
  return { command: compiled, paths };
}

/** The variables a compiled command reads, for one fire's input. */
export function templateVariables(template: CommandTemplate, input: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(template.paths.map((path, index) => [`${VARIABLE_PREFIX}${index + 1}`, valueAt(input, path)]));
}

/** For argv hooks: values are passed as they are (no shell is involved), NUL bytes escaped. */
export function expandArgs(args: readonly string[], input: Record<string, unknown>): string[] {
  return args.map((arg) => arg.replace(new RegExp(PLACEHOLDER.source, 'g'), (_, path: string) => valueAt(input, path)));
}

/** The text a `{{path}}` placeholder stands for in `input` (`metadata.toolName` reads `tool_name`); '' when absent. */
export function valueAt(input: Record<string, unknown>, path: string): string {
  let keys = path.split('.');
  // Wundr names fields `metadata.toolName`; the wire format has them as top-level snake_case.
  if (keys[0] === 'metadata' && input.metadata === undefined) keys = keys.slice(1).map(toSnakeCase);
  let value: unknown = input;
  for (const key of keys) {
    if (value === null || typeof value !== 'object') return '';
    value = (value as Record<string, unknown>)[key];
  }
  return value === undefined || value === null ? '' : envText(value);
}

function toSnakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

function quotedPlaceholder(placeholder: string): HookpoolError {
  return new HookpoolError(
    'ERR_HOOKPOOL_INVALID_CONFIG',
    `placeholder ${placeholder} is inside single quotes, where the shell expands nothing; remove the quotes around it (hookpool passes every value safely quoted)`,
  );
}

/** A value as environment text: strings as they are, anything else as JSON, NUL bytes escaped. */
export function envText(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  return text.includes('\0') ? text.replaceAll('\0', '\\u0000') : text;
}
