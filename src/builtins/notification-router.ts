// Wundr's notification router: each notification goes, by level, to the destinations the options
// name (the router's log file, stderr, any JSON-lines file). The message is redacted first.
import type { InWorkerHook } from '../run/in-worker-hook.js';
import { notificationRouterOptions, readBuiltinOptions } from './builtin-options.js';
import { appendJsonLine, logRecord, redactSecrets, resolveLogFile } from './event-log.js';
import { textField } from './input-fields.js';
import { sessionFields } from './log-fields.js';

const LEVELS = ['info', 'warn', 'error'] as const;

/** Routes one Notification; answers nothing. */
const notificationRouter: InWorkerHook = async (input, context) => {
  const options = readBuiltinOptions('notification-router', notificationRouterOptions, context.options);
  const type = textField(input, 'notification_type', 'notificationType');
  const stated = textField(input, 'level');
  const level = LEVELS.find((known) => known === stated) ?? (type === undefined ? undefined : options.levelOfType[type]) ?? 'info';
  const message = redactSecrets(textField(input, 'message', 'notification_message') ?? '');
  const record = logRecord(context, { ...sessionFields(input), level, type, title: textField(input, 'title'), source: textField(input, 'source'), message });
  for (const destination of options.routes[level]) {
    if (destination === 'stderr') process.stderr.write(`[${level}] ${message}\n`);
    else await appendJsonLine(resolveLogFile(context, destination === 'log' ? undefined : destination.file, 'notifications.jsonl'), record);
  }
  return undefined;
};

export default notificationRouter;
