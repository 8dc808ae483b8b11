// What hookpool asks of a handler kind (`type`: command, module, function, http, prompt, agent,
// mcp_tool), answered once per kind in the kind's own file; handler-kinds.ts maps each kind to it.
import type { HookHandler } from '../model/hook-handler.js';
import type { RemoteKind } from '../model/remote-handler.js';

/** The native fields only some kinds have (remote-handler-schema.ts gives their zod shapes). */
export type KindField = 'url' | 'headers' | 'allowedEnvVars' | 'prompt' | 'model' | 'agentConfig' | 'server' | 'tool' | 'input';

/** What a hook entry says beside its handler, as far as a kind's answers need it. */
export interface HookWords {
  readonly command?: string | undefined;
  readonly args?: readonly string[] | undefined;
}

/** What the engine was given to run the hooks that are calls rather than processes. */
export interface KindRunners {
  readonly mcp: unknown;
  readonly evaluators: Readonly<Partial<Record<'prompt' | 'agent', unknown>>>;
}

export interface HandlerKindSpec<H extends HookHandler = HookHandler> {
  readonly kind: H['kind'];
  /** A request or call rather than a process or the user's JavaScript (http, prompt, agent, mcp_tool). */
  readonly remote: H['kind'] extends RemoteKind ? true : false;
  /** Runs on the agent's own thread (its functions, and calls through what it injects): an engine with only such hooks starts no pool. */
  readonly onAgentThread: boolean;
  /** The timeout a hook of this kind gets when its entry gives none; undefined keeps the command default. */
  readonly defaultTimeoutMs: number | undefined;
  /** The kind-only native fields it needs, and those it may have besides. */
  readonly fields: { readonly required: readonly KindField[]; readonly optional: readonly KindField[] };
  /** What a hook of this kind runs, as one line (`list`, `describe`, `doctor`). */
  describe(handler: H, hook: HookWords): string;
  /** The program part of a hook's default id, `<program>@<event>`. */
  program(handler: H, hook: HookWords): string;
  /** Why a hook of this kind cannot run with the engine's runners (the sentence its failure says), or null. */
  missingRunner(runners: KindRunners): string | null;
}
