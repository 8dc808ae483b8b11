// The notifications a JSON-RPC client hears: every event fired (started, finished with its
// decision) and every hook (started, finished with status, duration and exit code, dropped), plus
// Autohand's `autohand.hook.<name>` with the params its docs list (autohand-notifications.ts), so
// an IDE extension written for Autohand hears what it knows.
import type { SessionObservers } from '../project/engine-session.js';
import { autohandNotifications } from './autohand-notifications.js';

/** Session observers that send each happening as a notification through `notify`. */
export function notifyingObservers(notify: (method: string, params: unknown) => void): SessionObservers {
  return {
    onFireStarted: ({ event, spec }) => notify('hookpool.event.started', { event: spec.name, firedAs: event }),
    onFireSettled: ({ event, spec, payload, result, durationMs }) => {
      const finished = { event: spec.name, firedAs: event, decision: result.decision, blocked: result.blocked, reason: result.reason, durationMs: Math.round(durationMs * 1000) / 1000, hooks: result.hooks.length };
      notify('hookpool.event.finished', finished);
      for (const [method, params] of autohandNotifications({ event: spec.name, payload, timestamp: new Date().toISOString() })) notify(method, params);
    },
    onHookStarted: (started) => notify('hookpool.hook.started', started),
    onHookSettled: ({ event, background, outcome, wouldBlock }) =>
      notify('hookpool.hook.finished', {
        event, hookId: outcome.id, background, status: outcome.status, exitCode: outcome.exitCode, durationMs: outcome.durationMs,
        ...(outcome.error === undefined ? {} : { error: outcome.error }),
        ...(wouldBlock === undefined ? {} : { wouldBlock }),
      }),
    onHooksDropped: (dropped) => notify('hookpool.hook.dropped', dropped),
  };
}
