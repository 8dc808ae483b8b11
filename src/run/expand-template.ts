// Wundr-style `{{field.path}}` placeholders, filled from the hook's input at fire time.
import { quote } from 'shell-quote';

const PLACEHOLDER = /\{\{\s*([\w.-]+)\s*\}\}/g;

/** For `sh -c` commands: every value is shell-quoted, so a payload can never inject syntax. */
export function expandCommand(command: string, input: Record<string, unknown>): string {
  return command.replace(PLACEHOLDER, (_, path: string) => quote([valueAt(input, path)]));
}

/** For argv hooks: values are passed as they are, no shell is involved. */
export function expandArgs(args: readonly string[], input: Record<string, unknown>): string[] {
  return args.map((arg) => arg.replace(PLACEHOLDER, (_, path: string) => valueAt(input, path)));
}

function valueAt(input: Record<string, unknown>, path: string): string {
  let keys = path.split('.');
  // Wundr names fields `metadata.toolName`; the wire format has them as top-level snake_case.
  if (keys[0] === 'metadata' && input.metadata === undefined) keys = keys.slice(1).map(toSnakeCase);
  let value: unknown = input;
  for (const key of keys) {
    if (value === null || typeof value !== 'object') return '';
    value = (value as Record<string, unknown>)[key];
  }
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function toSnakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}
