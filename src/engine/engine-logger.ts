// The engine's logger: a child of the agent's pino logger, with every value under a
// secret-looking name (the same rule as the hook environment) replaced before it is written; or,
// without one, a silent stand-in (pino itself is never loaded: ~20 ms of importing hookpool).
import type { Logger } from 'pino';
import { isSecretVariable } from '../run/secrets.js';

export const REDACTED = '[redacted]';

/** A copy of an environment-like record with secret-looking values replaced (by name or by value). */
export function redactSecrets(values: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, isSecretVariable(name, value) ? REDACTED : value]));
}

/** What the engine logs through: four levels of a pino logger and its level check, which any pino logger provides (and the CLI's small stand-in). */
export type EngineLogger = Pick<Logger, 'debug' | 'info' | 'warn' | 'error' | 'isLevelEnabled'>;

/** The agent's logger as the engine's: a child with the engine's binding and redaction. */
export function createEngineLogger(logger: Logger | undefined): EngineLogger {
  return logger?.child({ component: 'hookpool' }, { serializers: { env: redactSecrets } }) ?? SILENT_LOGGER;
}

const quiet = () => {};

/** Logs nothing: for an engine without a logger, or whose caller shows the warnings itself. */
export const SILENT_LOGGER: EngineLogger = Object.freeze({ debug: quiet, info: quiet, warn: quiet, error: quiet, isLevelEnabled: () => false });
