// The native format (docs/configuration.md): `{ "enabled": true, "hooks": [ <native hook>, ... ] }`.
import { z } from 'zod';
import { nativeHookSchema, type NativeHookInput } from '../native-schema.js';
import { parseEntry, readHookList, type FormatResult } from './shared.js';

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
  return readHookList(document, file, {
    format: 'native',
    envelope: nativeEnvelopeSchema,
    entries: (envelope) => ({ path: ['hooks'], list: envelope.hooks }),
    convert(entry, at, envelope, problems) {
      if (!parseEntry(nativeHookSchema, entry, at, problems)) return undefined;
      const hook = entry as NativeHookInput;
      return envelope.enabled ? hook : { ...hook, enabled: false };
    },
  });
}
