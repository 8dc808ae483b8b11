// Payload fields agents spell their own way, read as Claude Code's names so hookpool's hooks (and
// their matchers) see one shape. Only absent fields are filled: what the agent sent is kept.

/** A JSON text parsed when it is one (Cursor's MCP and Copilot's tool arguments may come as text), else the value itself. */
export function parsedJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** `payload` with each of `fields` added where the payload has no such key and the value is given. */
export function withMissingFields(payload: Record<string, unknown>, fields: Record<string, unknown>): Record<string, unknown> {
  const added = Object.entries(fields).filter(([key, value]) => payload[key] === undefined && value !== undefined && value !== null);
  return added.length === 0 ? payload : { ...payload, ...Object.fromEntries(added) };
}
