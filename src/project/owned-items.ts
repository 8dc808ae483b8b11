// Which items of an agent's hook lists are hookpool's own: an entry (or a matcher group holding
// one) whose command runs hookpool, or an http entry posting to a hookpool server's hook path.
import { isPlainObject } from '../config/layouts/shared.js';
import type { HookDefinition } from '../model/hook-definition.js';
import { callsHookpool } from './self-call.js';
import { CLAUDE_HTTP_HOOK_PATH, LEGACY_CLAUDE_HTTP_HOOK_PATH } from './server/server-address.js';

export function isHookpoolItem(item: unknown): boolean {
  if (!isPlainObject(item)) return false;
  if (Array.isArray(item.hooks)) return item.hooks.some(isHookpoolItem);
  if (typeof item.url === 'string') return isHookpoolUrl(item.url);
  return [item.command, item.bash].some((command) => typeof command === 'string' && callsHookpool({ command }));
}

/** A loaded hook that is one of hookpool's own entries: a command running hookpool, or an http hook posting to its server. */
export function definitionCallsHookpool(hook: HookDefinition): boolean {
  if (hook.handler?.kind === 'http') return isHookpoolUrl(hook.handler.url);
  return callsHookpool(hook);
}

function isHookpoolUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.hostname === '127.0.0.1' && (parsed.pathname === CLAUDE_HTTP_HOOK_PATH || parsed.pathname === LEGACY_CLAUDE_HTTP_HOOK_PATH);
  } catch {
    return false;
  }
}
