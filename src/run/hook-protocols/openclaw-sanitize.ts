// What OpenClaw's PostToolUse hooks get of a tool's result: "sanitized results (truncated, no
// binary)". Binary is replaced, never passed on: a byte buffer (a Node Buffer, a typed array, or
// its JSON form `{type: "Buffer", data: [...]}`) and the base64 data of an image or file content
// block become a note of their size, and in text every control character but tab, line feed and
// carriage return, and every unpaired surrogate, becomes U+FFFD. Then the text is cut at OpenClaw's
// 100,000 characters, and a structure whose JSON is longer is replaced by a note of its size.

/** OpenClaw cuts a tool result at 100,000 characters (sanitize.ts). */
export const OPENCLAW_MAX_TEXT_CHARS = 100_000;

// C0 controls but \t \n \r, DEL, and surrogates standing alone (not half of a pair).
// eslint-disable-next-line no-control-regex
const BINARY_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The tool result as OpenClaw's PostToolUse hooks receive it. */
export function sanitizeToolResult(value: unknown): unknown {
  const clean = withoutBinary(value, 0);
  if (typeof clean === 'string') {
    return clean.length > OPENCLAW_MAX_TEXT_CHARS ? `${clean.slice(0, OPENCLAW_MAX_TEXT_CHARS)}... [truncated]` : clean;
  }
  const size = JSON.stringify(clean)?.length ?? 0;
  return size > OPENCLAW_MAX_TEXT_CHARS ? { _truncated: true, _originalSize: size } : clean;
}

// Deep enough for any tool result; below it a value is left as it is (the size cap still applies).
const MAX_DEPTH = 32;

function withoutBinary(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return value.replace(BINARY_CHARACTERS, '\ufffd');
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return value;
  const bytes = byteCount(value);
  if (bytes !== null) return `[binary data: ${bytes} bytes]`;
  if (Array.isArray(value)) return value.map((item) => withoutBinary(item, depth + 1));
  const record = value as Record<string, unknown>;
  if (isBase64Block(record)) return withoutBase64(record);
  return Object.fromEntries(Object.entries(record).map(([key, item]) => [key, withoutBinary(item, depth + 1)]));
}

/** The size of a byte buffer, or null when the value is not one. */
function byteCount(value: object): number | null {
  if (ArrayBuffer.isView(value)) return value.byteLength;
  if (value instanceof ArrayBuffer) return value.byteLength;
  const record = value as Record<string, unknown>;
  if (record.type === 'Buffer' && Array.isArray(record.data) && Object.keys(record).length === 2) return record.data.length;
  return null;
}

// Content blocks that carry base64 bytes: Anthropic's `{type: "image" | "document", source:
// {type: "base64", data}}` and MCP's `{type: "image" | "audio", data, mimeType}`.
function isBase64Block(block: Record<string, unknown>): boolean {
  if (typeof block.type !== 'string') return false;
  const source = block.source as Record<string, unknown> | undefined;
  if (typeof source === 'object' && source !== null && source.type === 'base64' && typeof source.data === 'string') return true;
  return typeof block.data === 'string' && typeof block.mimeType === 'string';
}

function withoutBase64(block: Record<string, unknown>): Record<string, unknown> {
  const note = (data: string) => `[binary data: ${Math.floor((data.length * 3) / 4)} bytes, base64]`;
  const source = block.source as Record<string, unknown> | undefined;
  if (typeof source === 'object' && source !== null && typeof source.data === 'string') return { ...block, source: { ...source, data: note(source.data) } };
  return { ...block, data: note(block.data as string) };
}
