// The JSON Schema of the native configuration file, for editors (`"$schema"` in hooks.json).
import { z } from 'zod';
import { EVENT_NAMES, EVENT_SPECS } from '../events/event-specs.js';
import { nativeFileSchema } from './native-schema.js';

type JsonObject = Record<string, unknown>;

/**
 * JSON Schema (draft 2020-12) of a native hooks file, derived from the zod schema so the two
 * cannot drift. `io: 'input'` describes what a person writes (before defaults and transforms).
 * The event name, a transform in zod, is listed as an enum of every canonical name and alias so
 * editors complete it and flag typos.
 */
export function createNativeConfigJsonSchema(): JsonObject {
  const schema = z.toJSONSchema(nativeFileSchema, { io: 'input', unrepresentable: 'any' }) as JsonObject;
  const hook = hookItems(schema);
  (hook.properties as JsonObject).event = {
    ...((hook.properties as JsonObject).event as JsonObject),
    enum: EVENT_NAMES.flatMap((name) => [name, ...EVENT_SPECS[name].aliases]),
  };
  // The zod refinement "a command hook has exactly one of command and args; a module hook a module", which toJSONSchema cannot see.
  hook.oneOf = [{ required: ['command'] }, { required: ['args'] }, { required: ['type', 'module'] }, { required: ['type', 'url'] }, { required: ['type', 'prompt'] }, { required: ['type', 'server', 'tool'] }];
  return {
    $schema: schema.$schema,
    title: 'hookpool hooks configuration',
    description: "hookpool's native hooks file: a list of hooks, each an event, an optional matcher and what runs; timeouts are in milliseconds.",
    ...schema,
  };
}

function hookItems(schema: JsonObject): JsonObject {
  const hooks = (schema.properties as JsonObject).hooks as JsonObject;
  return hooks.items as JsonObject;
}
