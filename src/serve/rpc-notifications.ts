// The notifications a JSON-RPC client hears: every event fired (started, finished with its
// decision) and every hook (started, finished with status, duration and exit code, dropped), plus
// Autohand's `autohand.hook.<name>` for the events its RPC mode announces, so an IDE extension
// written for Autohand hears the names it knows.
import { isRefusal } from '../aggregate/decision-rank.js';
import type { SessionObservers } from '../project/resident-engine.js';

/** Autohand's event names (its aliases in EVENT_SPECS) and the RPC notification each is sent as. */
const AUTOHAND_NOTIFICATIONS: Readonly<Record<string, string>> = {
  'pre-tool': 'autohand.hook.preTool',
  'post-tool': 'autohand.hook.postTool',
  'file-modified': 'autohand.hook.fileModified',
  'pre-prompt': 'autohand.hook.prePrompt',
  stop: 'autohand.hook.stop',
  'post-response': 'autohand.hook.postResponse',
  'session-start': 'autohand.hook.sessionStart',
  'session-end': 'autohand.hook.sessionEnd',
  'session-error': 'autohand.hook.sessionError',
  'subagent-stop': 'autohand.hook.subagentStop',
  'permission-request': 'autohand.hook.permissionRequest',
  notification: 'autohand.hook.notification',
};

/** The Autohand notification for an event as fired: its own alias when it was fired by one, else the event's first Autohand alias. */
export function autohandNotificationOf(fired: string, aliases: readonly string[]): string | undefined {
  const name = Object.hasOwn(AUTOHAND_NOTIFICATIONS, fired) ? fired : aliases.find((alias) => Object.hasOwn(AUTOHAND_NOTIFICATIONS, alias));
  return name === undefined ? undefined : AUTOHAND_NOTIFICATIONS[name];
}

/** Session observers that send each happening as a notification through `notify`. */
export function notifyingObservers(notify: (method: string, params: unknown) => void): SessionObservers {
  return {
    onFireStarted: ({ event, spec }) => notify('hookpool.event.started', { event: spec.name, firedAs: event }),
    onFireSettled: ({ event, spec, payload, result, durationMs }) => {
      const finished = { event: spec.name, firedAs: event, decision: result.decision, blocked: result.blocked, reason: result.reason, durationMs: Math.round(durationMs * 1000) / 1000, hooks: result.hooks.length };
      notify('hookpool.event.finished', finished);
      const autohand = autohandNotificationOf(event, spec.aliases);
      if (autohand !== undefined) notify(autohand, { event: spec.name, context: payload, result: { decision: result.decision, blocked: result.blocked, reason: result.reason, refused: result.decision !== null && isRefusal(result.decision) } });
    },
    onHookStarted: (started) => notify('hookpool.hook.started', started),
    onHookSettled: ({ event, background, outcome }) =>
      notify('hookpool.hook.finished', { event, hookId: outcome.id, background, status: outcome.status, exitCode: outcome.exitCode, durationMs: outcome.durationMs, ...(outcome.error === undefined ? {} : { error: outcome.error }) }),
    onHooksDropped: (dropped) => notify('hookpool.hook.dropped', dropped),
  };
}
