// Wundr's lifecycle hooks analysis, 5.4 "Matcher Filtering": `minRiskLevel` ("minimum risk level
// for permission hooks") and `notificationLevel` ("minimum notification level"); a hook whose
// matcher does not match is skipped. (Its toolName and sessionId globs: registry.test.ts.)
import { describe, expect, it } from 'vitest';
import { HOSTS, replyJson } from '../kit.js';
import { wundrProject } from './wundr-kit.js';

describe.each(HOSTS)('Wundr level matchers, %s host', (host) => {
  it('matcher minRiskLevel and notificationLevel: the hook runs only at or above the level', async () => {
    const { engine } = await wundrProject(host, [
      { id: 'risky', event: 'PermissionRequest', matcher: { minRiskLevel: 'high' }, command: replyJson({ decision: 'deny', reason: 'too risky' }) },
      { id: 'pager', event: 'Notification', matcher: { notificationLevel: 'error' }, command: replyJson({}) },
    ]);

    const low = await engine.fire('PermissionRequest', { tool_name: 'Bash', tool_input: {}, risk_level: 'low' });
    const critical = await engine.fire('PermissionRequest', { tool_name: 'Bash', tool_input: {}, risk_level: 'critical' });
    const warn = await engine.fire('Notification', { message: 'disk 80%', level: 'warn' });
    const error = await engine.fire('Notification', { message: 'disk full', level: 'error' });

    expect(low.hooks).toEqual([]);
    expect(critical).toMatchObject({ blocked: true, reason: 'too risky' });
    expect(warn.hooks).toEqual([]);
    expect(error.hooks.map((hook) => hook.id)).toEqual(['pager']);
  });
});
