// The OpenTelemetry API, required on first use and only if the agent installed it (an optional
// peer dependency): without it the engine makes no span and records no metric, at no cost. The
// API keeps its providers in a process-wide global, so this copy sees whatever provider the
// agent's own (ES module or CommonJS) copy registered.
import { createRequire } from 'node:module';
import type * as OtelApi from '@opentelemetry/api';

export type OtelApiModule = typeof OtelApi;

const require = createRequire(import.meta.url);
let loaded: OtelApiModule | null | undefined;

/** The API module, or null when it is not installed (looked for once per process). */
export function otelApi(): OtelApiModule | null {
  if (loaded === undefined) {
    try {
      loaded = require('@opentelemetry/api') as OtelApiModule;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw error;
      loaded = null;
    }
  }
  return loaded;
}
