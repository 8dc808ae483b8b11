// Autohand's RPC hook notifications (its hooks docs, "JSON-RPC 2.0 Hook Notifications"): for each
// event it announces, the method and exactly the params the docs list, built from the fired
// payload (Claude Code's field names, or Autohand's own context names), so an IDE extension
// written against Autohand's docs reads them unchanged. A required field the payload does not
// give gets its type's empty value ("", 0, [], {}); an optional one is left out. A field the docs
// restrict to a few values (sessionType, reason, changeType) that the payload does not give as
// one of them cannot be said: that notification is not sent.
import type { EventName } from '../events/event-specs.js';

export type AutohandParams = Record<string, unknown>;

/** One fire as the notifications see it. */
export interface FiredEvent {
  readonly event: EventName;
  readonly payload: Readonly<Record<string, unknown>>;
  /** ISO 8601, the notification's `timestamp`. */
  readonly timestamp: string;
}

type Build = (fire: FiredEvent) => AutohandParams | null;

const SESSION_TYPES = ['startup', 'resume', 'clear'] as const;
const END_REASONS = ['quit', 'clear', 'exit', 'error'] as const;
const CHANGE_TYPES = ['create', 'modify', 'delete'] as const;

const preTool: Build = ({ payload }) => ({ toolId: text(payload, 'tool_use_id'), toolName: text(payload, 'tool_name'), args: object(payload, 'tool_input') ?? {} });

const postTool: Build = ({ event, payload }) => {
  const failed = event === 'PostToolUseFailure';
  const output = given(payload, 'tool_response') ?? (failed ? given(payload, 'error') : undefined);
  return {
    toolId: text(payload, 'tool_use_id'),
    toolName: text(payload, 'tool_name'),
    success: flag(payload, 'tool_success') ?? !failed,
    duration: number(payload, 'duration_ms', 'duration'),
    ...(output === undefined ? {} : { output: typeof output === 'string' ? output : JSON.stringify(output) }),
  };
};

const fileModified: Build = ({ payload }) => {
  const changeType = oneOf(payload, CHANGE_TYPES, 'change_type');
  return changeType === undefined ? null : { filePath: text(payload, 'file_path'), changeType, toolId: text(payload, 'tool_use_id') };
};

const prePrompt: Build = ({ payload }) => ({ instruction: text(payload, 'prompt', 'instruction'), mentionedFiles: strings(payload, 'mentioned_files') });

// A turn's duration: Autohand reports its turn duration here.
const stop: Build = ({ payload }) => ({
  tokensUsed: number(payload, 'tokens_used'),
  toolCallsCount: number(payload, 'tool_calls_count'),
  duration: number(payload, 'turn_duration', 'duration_ms', 'duration'),
});

const sessionStart: Build = ({ payload }) => {
  const sessionType = oneOf(payload, SESSION_TYPES, 'source', 'session_type');
  return sessionType === undefined ? null : { sessionType };
};

const sessionEnd: Build = ({ payload }) => {
  const reason = oneOf(payload, END_REASONS, 'reason', 'session_end_reason');
  return reason === undefined ? null : { reason, duration: number(payload, 'duration_ms', 'duration') };
};

const sessionError: Build = ({ payload }) => {
  const code = given(payload, 'error_code');
  const context = object(payload, 'context');
  return { error: text(payload, 'error'), ...(typeof code === 'string' ? { code } : {}), ...(context === undefined ? {} : { context }) };
};

const subagentStop: Build = ({ payload }) => {
  const error = given(payload, 'subagent_error');
  return {
    subagentId: text(payload, 'agent_id', 'subagent_id'),
    subagentName: text(payload, 'subagent_name', 'agent_name'),
    subagentType: text(payload, 'agent_type', 'subagent_type'),
    success: flag(payload, 'subagent_success') ?? error === undefined,
    duration: number(payload, 'subagent_duration', 'duration_ms', 'duration'),
    ...(typeof error === 'string' ? { error } : {}),
  };
};

const permissionRequest: Build = ({ payload }) => {
  const args = object(payload, 'tool_input');
  const path = given(payload, 'file_path') ?? given(args ?? {}, 'file_path', 'path', 'notebook_path');
  const command = given(args ?? {}, 'command');
  return {
    tool: text(payload, 'tool_name'),
    ...(typeof path === 'string' ? { path } : {}),
    ...(typeof command === 'string' ? { command } : {}),
    ...(args === undefined ? {} : { args }),
  };
};

const notification: Build = ({ payload }) => ({ notificationType: text(payload, 'notification_type'), message: text(payload, 'message', 'notification_message') });

// Each event Autohand announces, with its methods: a stop is also said as postResponse (its alias),
// as Autohand's RPC adapter does.
const NOTIFICATIONS: Readonly<Partial<Record<EventName, readonly (readonly [method: string, build: Build])[]>>> = {
  PreToolUse: [['autohand.hook.preTool', preTool]],
  PostToolUse: [['autohand.hook.postTool', postTool]],
  PostToolUseFailure: [['autohand.hook.postTool', postTool]],
  FileModified: [['autohand.hook.fileModified', fileModified]],
  UserPromptSubmit: [['autohand.hook.prePrompt', prePrompt]],
  Stop: [['autohand.hook.stop', stop], ['autohand.hook.postResponse', stop]],
  SessionStart: [['autohand.hook.sessionStart', sessionStart]],
  SessionEnd: [['autohand.hook.sessionEnd', sessionEnd]],
  Error: [['autohand.hook.sessionError', sessionError]],
  SubagentStop: [['autohand.hook.subagentStop', subagentStop]],
  PermissionRequest: [['autohand.hook.permissionRequest', permissionRequest]],
  Notification: [['autohand.hook.notification', notification]],
};

/** The Autohand notifications of one fire, each `[method, params]`; none for an event Autohand does not announce. */
export function autohandNotifications(fire: FiredEvent): [method: string, params: AutohandParams][] {
  const notifications: [string, AutohandParams][] = [];
  for (const [method, build] of NOTIFICATIONS[fire.event] ?? []) {
    const params = build(fire);
    if (params !== null) notifications.push([method, { ...params, timestamp: fire.timestamp }]);
  }
  return notifications;
}

function given(source: Readonly<Record<string, unknown>>, ...names: string[]): unknown {
  for (const name of names) {
    const value = source[name];
    if (value !== undefined && value !== null) return value;
  }
  return undefined;
}

function text(source: Readonly<Record<string, unknown>>, ...names: string[]): string {
  const value = given(source, ...names);
  return typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}

function number(source: Readonly<Record<string, unknown>>, ...names: string[]): number {
  for (const name of names) {
    const value = source[name];
    if (typeof value === 'number' && Number.isFinite(value)) return value;
  }
  return 0;
}

function flag(source: Readonly<Record<string, unknown>>, name: string): boolean | undefined {
  const value = source[name];
  return typeof value === 'boolean' ? value : undefined;
}

function object(source: Readonly<Record<string, unknown>>, name: string): Record<string, unknown> | undefined {
  const value = source[name];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function strings(source: Readonly<Record<string, unknown>>, name: string): string[] {
  const value = source[name];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function oneOf<T extends string>(source: Readonly<Record<string, unknown>>, values: readonly T[], ...names: string[]): T | undefined {
  const value = given(source, ...names);
  return typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : undefined;
}
