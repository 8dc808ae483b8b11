// Reads a hook input field under any seed's spelling: Claude Code's snake_case payloads and
// Wundr's camelCase metadata name the same facts differently (`tool_name`, `toolName`).
type Input = Readonly<Record<string, unknown>>;

/** The first of `names` holding a string, or undefined. */
export function textField(input: Input, ...names: string[]): string | undefined {
  for (const name of names) if (typeof input[name] === 'string') return input[name] as string;
  return undefined;
}

/** The first of `names` holding a finite number, or undefined. */
export function numberField(input: Input, ...names: string[]): number | undefined {
  for (const name of names) if (typeof input[name] === 'number' && Number.isFinite(input[name])) return input[name] as number;
  return undefined;
}

/** The first of `names` holding a boolean, or undefined. */
export function flagField(input: Input, ...names: string[]): boolean | undefined {
  for (const name of names) if (typeof input[name] === 'boolean') return input[name] as boolean;
  return undefined;
}

/** The first of `names` holding a plain object, or undefined. */
export function objectField(input: Input, ...names: string[]): Record<string, unknown> | undefined {
  for (const name of names) {
    const value = input[name];
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  }
  return undefined;
}
