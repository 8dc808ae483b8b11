// The `builtins` object of a native file (see builtin-hooks.ts), apart so that the native schema
// can describe it without loading the catalog.
import { z } from 'zod';

/** One built-in's setting: on or off, or its `enabled` and `options`. */
export const builtinSettingSchema = z.union([
  z.boolean(),
  z.strictObject({ enabled: z.boolean().optional(), options: z.record(z.string(), z.unknown()).optional() }),
], { error: 'expected true, false or { "enabled": true|false, "options": {...} }' });

export const builtinsSchema = z
  .record(z.string(), builtinSettingSchema)
  .optional()
  .describe('built-in hooks by name: true turns one on; { "enabled", "options" } configures it (hookpool list shows them)');
