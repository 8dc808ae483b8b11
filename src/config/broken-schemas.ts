// The zod shapes of configuration that could not be loaded, as createHookEngine accepts it
// (LoadedHooksConfig's brokenHooks and brokenFiles). Apart from broken-hooks.ts, which turns them
// into failing hooks, so that an engine built from already checked definitions loads no zod.
import { z } from 'zod';
import { eventNameSchema } from './field-schemas.js';
import { CONFIG_FORMATS } from '../model/hook-definition.js';

const sourceSchema = z.object({ file: z.string(), jsonPath: z.string(), format: z.enum(CONFIG_FORMATS) });

/** What createHookEngine accepts as `brokenHooks` (LoadedHooksConfig's), checked like every option. */
export const brokenHookEntrySchema = z.object({
  event: eventNameSchema.optional(),
  matcher: z.string().optional(),
  source: sourceSchema,
  reason: z.string(),
  skill: z.string().optional(),
  agentType: z.string().optional(),
});

/** What createHookEngine accepts as `brokenFiles` (LoadedHooksConfig's). */
export const brokenFileSchema = z.object({ path: z.string(), scope: z.string(), reason: z.string() });
