// One event fired in a project by a process that lives for that event (`hookpool run`): the
// configuration from the cache, and the planner, the engine (direct host: no pool) and its
// processes only when some hook could match. The engine is closed before the result is given.
// Background hooks never hold the answer: when the call also waits for foreground hooks, the
// background ones run in a detached `hookpool run --part background` left behind (each still
// bounded by its timeout), so the agent gets its answer at once.
import { emptyFireResult, type FireResult } from '../model/fire-result.js';
import type { HookDefinition } from '../model/hook-definition.js';
import type { Rewake } from '../engine/observers.js';
import type { EventSpec } from '../events/event-specs.js';
import { agentSubjectOf, matcherSubjectOf } from '../events/matcher-subject.js';
import { compileMatcher } from '../compilers/compile-matcher.js';
import { matcherLanguageOf } from '../compilers/matcher-language.js';
import type { ConfigOptions } from './config-options.js';
import { loadCachedCliConfig } from './config-cache/load-cached-project.js';
import { ALL_PARTS, partOf, selectHooks, type HookParts } from './hook-parts.js';
import type { CliConfig } from './load-project.js';
import { assertNotNestedTooDeep } from './nested-run.js';
import { exportPlan } from '../telemetry/otel-env.js';
import { exportAfterAnswer } from '../telemetry/run-export.js';
import { writeToFd } from '../io/raw-stdio.js';

export interface OneShotOptions extends ConfigOptions {
  readonly sessionId?: string | undefined;
  /** Variable names every hook gets although they look secret (--pass-env). */
  readonly passEnv?: readonly string[];
  /** Hooks of the discovered Claude Code settings are left out: the agent calling runs them itself. */
  readonly skipDiscoveredClaudeSettings?: boolean;
  /** Print the engine's warnings on stderr (off when the answer goes to an agent). */
  readonly warnOnStderr?: boolean;
  /** Which of the event's hooks run (default: all). */
  readonly parts?: HookParts;
}

export interface OneShotFire {
  readonly config: CliConfig;
  readonly result: FireResult;
  /** asyncRewake hooks that exited 2, each a message for the model. */
  readonly rewakes: readonly Rewake[];
}

/** Loads the project's configuration (from the cache when it is current) and fires `spec` once. */
export async function fireOneShot(spec: EventSpec, payload: Record<string, unknown>, options: OneShotOptions): Promise<OneShotFire> {
  assertNotNestedTooDeep();
  const { config } = await loadCachedCliConfig(options, { cwdFallback: textField(payload, 'cwd'), skipDiscoveredClaudeSettings: options.skipDiscoveredClaudeSettings === true });
  const parts = options.parts ?? ALL_PARTS;
  const selected = selectHooks(config.hooks.map((hook) => hook.definition), parts);
  const detach = parts.has('foreground') && parts.has('background') && selected.some((hook) => partOf(hook) === 'background');
  const inProcess = detach ? selected.filter((hook) => partOf(hook) !== 'background') : selected;
  const how = { sessionId: options.sessionId ?? textField(payload, 'session_id'), passEnv: [...config.loaded.passEnv, ...(options.passEnv ?? [])], warnOnStderr: options.warnOnStderr ?? true };
  if (detach && (await anyHookMatches(config, selected.filter((hook) => partOf(hook) === 'background'), spec, payload, { withBroken: false }))) {
    (await import('./engine-bundle.js')).startDetachedBackground(spec, payload, config, options);
  }
  const rewakes: Rewake[] = [];
  const result = (await anyHookMatches(config, inProcess, spec, payload, { withBroken: true })) ? await fireOnce(config, inProcess, spec, payload, { ...how, onRewake: (rewake: Rewake) => rewakes.push(rewake) }) : emptyFireResult(spec.name);
  return { config, result, rewakes };
}

async function fireOnce(config: CliConfig, hooks: readonly HookDefinition[], spec: EventSpec, payload: Record<string, unknown>, how: { sessionId: string | undefined; passEnv: string[]; warnOnStderr: boolean; onRewake: (rewake: Rewake) => void }): Promise<FireResult> {
  const { createCliEngine, startPlannedExport } = await import('./engine-bundle.js');
  // Only a run that runs hooks, in an environment that asks for an export, loads the SDK.
  const plan = exportPlan(process.env);
  const exporter = plan === null ? null : startPlannedExport(plan, (line) => writeToFd(2, `hookpool: warning: ${line}\n`), { exportTimeoutMs: plan.flushTimeoutMs });
  if (exporter !== null) exportAfterAnswer(() => exporter.flush(plan!.flushTimeoutMs));
  const engine = createCliEngine({
    telemetry: exporter !== null,
    hooks,
    broken: config.loaded,
    cwd: config.cwd,
    ...how,
    transcriptPath: textField(payload, 'transcript_path'),
    permissionMode: textField(payload, 'permission_mode'),
    disableAllHooks: config.loaded.disableAllHooks,
  });
  try {
    return await engine.fire(spec.name, payload);
  } finally {
    await engine.close();
  }
}

// An engine starts as soon as it has hooks; a one-shot process whose event matches none (most
// tool calls, when hookpool is an agent's one hook) skips that. The planner (and zod, for broken
// entries) is loaded only when some hook's matcher accepts the subject: the matcher is the first
// of the planner's tests, so a miss there is a miss.
// Broken entries (configuration that did not load) refuse guards: they belong with the answer, never in the background.
async function anyHookMatches(config: CliConfig, hooks: readonly HookDefinition[], spec: EventSpec, payload: Record<string, unknown>, { withBroken }: { withBroken: boolean }): Promise<boolean> {
  if (config.loaded.disableAllHooks) return false;
  const brokenHooks = withBroken ? config.loaded.brokenHooks : [];
  const brokenFiles = withBroken ? config.loaded.brokenFiles : [];
  const broken = brokenHooks.length > 0 || brokenFiles.length > 0;
  if (!broken && !someMatcherAccepts(hooks, spec, payload)) return false;
  const { planEvents, brokenHookDefinitions } = await import('./engine-bundle.js');
  const anchors = { projectDir: process.env.CLAUDE_PROJECT_DIR ?? config.cwd, home: config.home };
  const eventPlan = planEvents([...hooks, ...brokenHookDefinitions(brokenHooks, brokenFiles)], anchors).get(spec.name);
  return eventPlan !== undefined && eventPlan.plan(matcherSubjectOf(spec, payload), agentSubjectOf(spec, payload)).length > 0;
}

function someMatcherAccepts(hooks: readonly HookDefinition[], spec: EventSpec, payload: Record<string, unknown>): boolean {
  const candidates = hooks.filter((hook) => hook.event === spec.name && hook.enabled);
  if (candidates.length === 0) return false;
  const subject = matcherSubjectOf(spec, payload);
  if (subject === null || spec.matcherField === null) return true;
  const agentSubject = agentSubjectOf(spec, payload);
  return candidates.some((hook) => {
    const matches = compileMatcher(hook.matcher, matcherLanguageOf(hook));
    return matches(subject) || (agentSubject !== undefined && matches(agentSubject));
  });
}

/** A non-empty string field of the payload. */
export function textField(payload: Record<string, unknown>, key: string): string | undefined {
  const value = payload[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}
