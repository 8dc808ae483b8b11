// The JSON-RPC methods of `hookpool serve --stdio`: fire an event, list / validate the hooks,
// enable / disable one, reload the configuration, close the server.
import type { ConfigOptions } from '../project/config-options.js';
import { setHookEnabled } from '../project/set-hook-enabled.js';
import { loadCliConfig } from '../project/load-project.js';
import { validationProblems } from '../project/validation-problems.js';
import { resolveCliEvent } from '../project/event-named.js';
import type { EngineSession } from '../project/engine-session.js';
import { InvalidParamsError, type RpcMethod } from './json-rpc-connection.js';

export interface RpcMethodContext {
  readonly session: EngineSession;
  readonly configOptions: ConfigOptions;
  /** Stops the server once the answer to close/shutdown has gone out. */
  readonly stop: (reason: string) => void;
}

/** The method table of a session, for createRpcConnection. */
export function createRpcMethods(context: RpcMethodContext): Record<string, RpcMethod> {
  const { session, configOptions } = context;
  const close: RpcMethod = () => {
    setImmediate(() => context.stop('asked to close'));
    return {};
  };
  const toggle = (enabled: boolean): RpcMethod => async (params) => {
    const changed = await setHookEnabled(configOptions, { id: stringParam(params, 'id'), enabled });
    // The file watcher would reload too; reloading here makes the answer mean "in effect now".
    await session.reload();
    return changed;
  };
  return {
    fire: async (params) => {
      const payload = params.payload ?? {};
      if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) throw new InvalidParamsError('"payload" must be a JSON object');
      const event = stringParam(params, 'event');
      return (await session.fire(resolveCliEvent(event), payload as Record<string, unknown>, { eventName: event })).result;
    },
    list: async () => {
      const config = await loadCliConfig(configOptions, { includeUntrusted: true });
      return config.hooks.map(({ definition, trusted }) => ({
        id: definition.id,
        event: definition.event,
        matcher: definition.matcher ?? null,
        enabled: definition.enabled,
        trusted,
        background: definition.background,
        description: definition.description ?? null,
        file: definition.source?.file ?? null,
      }));
    },
    validate: async () => {
      const config = await loadCliConfig(configOptions, { includeUntrusted: true });
      const problems = await validationProblems(config);
      return { valid: problems.length === 0, problems, hookCount: config.hooks.length };
    },
    enable: toggle(true),
    disable: toggle(false),
    reload: () => session.reload(),
    close,
    shutdown: close,
  };
}

function stringParam(params: Record<string, unknown>, name: string): string {
  const value = params[name];
  if (typeof value !== 'string' || value === '') throw new InvalidParamsError(`"${name}" must be a non-empty string`);
  return value;
}
