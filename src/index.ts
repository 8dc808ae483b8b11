// hookpool's public API.
export { createHookEngine, type HookEngine, type RegisteredHook, type WundrHookEntry, type WundrHooksConfig } from './engine/create-engine.js';
export { prestartSandbox } from './run/spare-sandbox.js';
export type { InWorkerHook, InWorkerHookContext } from './run/in-worker-hook.js';
export type { FunctionHook, FunctionHookContext, HookHandler, HookOrigin, HandlerKind } from './config/hook-handler.js';
export type { HookEngineOptions, HookSettled } from './engine/engine-options.js';
export type { AsyncAnswer, HookStarted, Rewake } from './engine/observers.js';
export { loadHooksConfig, type LoadHooksConfigOptions, type LoadedHooksConfig, type LoadedConfigFile, type ConfigScope, type UntrustedConfigFile, type BrokenConfigFile } from './config/load-hooks-config.js';
export type { TrustMode, TrustRequest, ConfirmTrust } from './trust/decide-trust.js';
export { TrustStore, defaultTrustStorePath, type TrustRecord } from './trust/trust-store.js';
export type { FireResult, HookAnswer, Decision, DecidingHook, HookError, ElicitationAction, AuditedHook } from './aggregate/fire-result.js';
export type { HookOutcome, HookStatus } from './run/outcome.js';
export type { HookDefinition, EnvPolicy, HookSource, ConfigFormat, HookProtocol } from './config/model.js';
export { EVENT_SPECS, EVENT_NAMES, type EventName, type EventSpec, type Exit2Effect, type TopLevelField, type SpecificField } from './events/event-specs.js';
export { HookpoolError, ERROR_CODES, type ErrorCode } from './errors.js';
export { createAnthropicEvaluator, DEFAULT_ANTHROPIC_MODEL, type AnthropicEvaluatorOptions } from './run/remote/anthropic-evaluator.js';
export type { EvaluationRequest, HookEvaluator, HookEvaluators } from './run/remote/evaluator.js';
export type { McpCaller, McpToolResult } from './run/remote/mcp-tool.js';
export type { RemoteHandler, HttpHandler, EvaluatedHandler, McpToolHandler } from './config/remote-handler.js';
