// The native format (DESIGN.md): `{ "enabled": true, "hooks": [ <native hook>, ... ] }`.
import { z } from 'zod';
import { formatJsonPath } from '../format-issues.js';
import { nativeHookSchema, type NativeHookInput } from '../native-schema.js';
import { parseEntry, type FormatResult } from './shared.js';

// The envelope only: each hook is validated on its own so one bad hook does not hide the rest.
const nativeEnvelopeSchema = z.looseObject(
  {
    $schema: z.string().optional(),
    enabled: z.boolean({ error: 'expected true or false' }).default(true),
    hooks: z.array(z.unknown(), { error: 'expected an array of hooks (native), or an object keyed by event (Claude settings)' }).default([]),
  },
  { error: 'expected a JSON object like {"hooks": [...]}' },
);

/** Reads a native file; a hook that fails `nativeHookSchema` is a problem and is skipped. */
export function readNativeHooks(document: unknown, file: string): FormatResult {
  const problems: string[] = [];
  const envelope = parseEntry(nativeEnvelopeSchema, document, { file, path: [] }, problems);
  if (!envelope) return { hooks: [], problems };
  const hooks: NativeHookInput[] = [];
  envelope.hooks.forEach((entry, index) => {
    const path = ['hooks', index];
    if (!parseEntry(nativeHookSchema, entry, { file, path }, problems)) return;
    const hook: NativeHookInput = {
      ...(entry as NativeHookInput),
      source: { file, jsonPath: formatJsonPath(path), format: 'native' },
    };
    hooks.push(envelope.enabled ? hook : { ...hook, enabled: false });
  });
  return { hooks, problems };
}
