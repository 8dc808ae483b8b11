// Every name hookpool gives OpenTelemetry: the instrumentation scope, spans, metrics and
// attributes. Users build dashboards on them: change one only as a breaking change.
export const SCOPE_NAME = 'hookpool';

export const SPAN = {
  /** One per fire that runs at least one hook: `hookpool.fire <event>`. */
  fire: 'hookpool.fire',
  /** One per hook run, a child of its fire's span: `hookpool.hook <hook id>`. */
  hook: 'hookpool.hook',
} as const;

export const METRIC = {
  fires: 'hookpool.fires',
  fireDuration: 'hookpool.fire.duration',
  hooks: 'hookpool.hooks',
  hookDuration: 'hookpool.hook.duration',
  dropped: 'hookpool.background.dropped',
} as const;

export const ATTR = {
  event: 'hookpool.event',
  subject: 'hookpool.subject',
  sessionId: 'hookpool.session.id',
  hookCount: 'hookpool.hooks.count',
  decision: 'hookpool.decision',
  blocked: 'hookpool.blocked',
  decidedBy: 'hookpool.decided_by',
  failures: 'hookpool.failures.count',
  payload: 'hookpool.payload',
  hookId: 'hookpool.hook.id',
  hookKind: 'hookpool.hook.kind',
  background: 'hookpool.hook.background',
  status: 'hookpool.hook.status',
  exitCode: 'hookpool.hook.exit_code',
  signal: 'hookpool.hook.signal',
  durationMs: 'hookpool.hook.duration_ms',
  stdoutBytes: 'hookpool.hook.stdout_bytes',
  stderrBytes: 'hookpool.hook.stderr_bytes',
  truncated: 'hookpool.hook.truncated',
  hookDecision: 'hookpool.hook.decision',
  stdout: 'hookpool.hook.stdout',
  stderr: 'hookpool.hook.stderr',
} as const;
