// The engine's logger: a child of the agent's pino logger, with every value under a
// secret-looking name (the same rule as the hook environment) replaced before it is written; or,
// without one, a silent stand-in (pino itself is never loaded: ~20 ms of importing hookpool).
// Both are described here by what the engine uses of them, not by pino's types: pino is an
// optional peer dependency, so the published declarations must not need it installed.
import { isSecretVariable } from '../run/secrets.js';

export const REDACTED = '[redacted]';

/** A copy of an environment-like record with secret-looking values replaced (by name or by value). */
export function redactSecrets(values: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, isSecretVariable(name, value) ? REDACTED : value]));
}

/** A log method as pino has it: fields (or an error) and a message, or a message alone. */
export type LogMethod = (fieldsOrMessage: object | string, message?: string, ...values: unknown[]) => void;

/** What the engine logs through: four levels of a pino logger and its level check, which any pino logger provides (and the CLI's small stand-in). */
export interface EngineLogger {
  readonly debug: LogMethod;
  readonly info: LogMethod;
  readonly warn: LogMethod;
  readonly error: LogMethod;
  isLevelEnabled(level: string): boolean;
}

/** The logger an agent passes: a pino logger (pino() or a child of it), which gives the engine a child of its own. */
export interface AgentLogger extends EngineLogger {
  child(bindings: Record<string, unknown>, options?: { serializers?: Record<string, (value: never) => unknown> }): EngineLogger;
}

/** The agent's logger as the engine's: a child with the engine's binding and redaction. */
export function createEngineLogger(logger: AgentLogger | undefined): EngineLogger {
  return logger?.child({ component: 'hookpool' }, { serializers: { env: redactSecrets } }) ?? SILENT_LOGGER;
}

const quiet = () => {};

/** Logs nothing: for an engine without a logger, or whose caller shows the warnings itself. */
export const SILENT_LOGGER: EngineLogger = Object.freeze({ debug: quiet, info: quiet, warn: quiet, error: quiet, isLevelEnabled: () => false });
