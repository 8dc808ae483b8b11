// doctor's checks of hookpool's entries themselves, in one agent's settings file: each program an
// entry starts is an executable hookpool, Claude Code's http entries reach the project's server
// (which a client entry starts), and the entries are what `hookpool init` writes now.
import { isDeepStrictEqual } from 'node:util';
import { checkLauncher, type LauncherCheck } from './check-launcher.js';
import { commandsOf, urlsOf } from './hookpool-entries.js';
import type { AgentCheck } from './wiring-check.js';

/** Each program an entry starts is an executable hookpool. */
export async function checkLaunchers({ dialect, context, owned, say, severity, again }: AgentCheck): Promise<void> {
  const { file } = dialect.settings;
  const launchers = new Map<string, { check: LauncherCheck; events: Set<string> }>();
  const commands = Object.entries(owned).flatMap(([agentEvent, items]) => items.flatMap(commandsOf).map((command) => ({ agentEvent, command })));
  for (const { agentEvent, command } of commands) {
    const check = await checkLauncher(command, context.projectDir);
    const key = check.kind === 'hookpool' ? check.path : check.program;
    const seen = launchers.get(key) ?? { check, events: new Set<string>() };
    seen.events.add(agentEvent);
    launchers.set(key, seen);
  }
  if (commands.some(({ command }) => command.includes('npx --no hookpool'))) say('warn', `${file} starts hookpool with npx --no, which fails for a global or --prefix install: ${again} again`);
  for (const { check, events } of launchers.values()) {
    const on = [...events].join(', ');
    if (check.kind === 'hookpool') say('ok', `${file} starts hookpool ${check.version} (${check.path}) on ${on}`);
    else if (check.kind === 'unknown') say('warn', `${file} ${check.note} (on ${on})`);
    else say(severity(events), `${file} starts hookpool as ${check.program} on ${on}, but ${check.problem}: ${again}`);
  }
}

/** Claude Code's http entries reach the project's server, which a client entry starts. */
export function checkServer({ dialect, context, owned, say, severity, again }: AgentCheck): void {
  const { file } = dialect.settings;
  const httpEvents = Object.entries(owned).filter(([, items]) => items.some((item) => urlsOf(item).length > 0)).map(([agentEvent]) => agentEvent);
  if (httpEvents.length === 0) return;
  const ports = new Set(Object.values(owned).flat().flatMap(urlsOf).map((url) => new URL(url).port));
  const portsRight = [...ports].every((port) => Number(port) === context.http.port);
  if (!portsRight) say(severity(httpEvents), `${file} posts ${httpEvents.join(', ')} to port ${[...ports].join(', ')}, but this project's server listens on ${context.http.port}: ${again}`);
  const starters = ['SessionStart', 'UserPromptSubmit'].filter((agentEvent) => (owned[agentEvent] ?? []).flatMap(commandsOf).some((command) => command.includes('hookpool-client')));
  if (starters.length === 0) say(severity(httpEvents), `${file} posts ${httpEvents.join(', ')} to hookpool's server, but no SessionStart or UserPromptSubmit entry runs hookpool-client to start it: ${again}`);
  else if (portsRight) say('ok', `${file} posts ${httpEvents.join(', ')} to this project's hookpool server (port ${context.http.port}), which its ${starters.join(' and ')} entries start`);
}

/** hookpool's entries are what init writes for the hooks now (else: an older hookpool, another install, or a hand edit). */
export function checkEntriesCurrent({ dialect, context, owned, say, again }: AgentCheck): void {
  const expected = dialect.settings.entries(context);
  const stale = Object.keys(owned).filter((agentEvent) => !isDeepStrictEqual(owned[agentEvent], expected.get(agentEvent)));
  if (stale.length > 0) say('warn', `${dialect.settings.file}: the entries on ${stale.join(', ')} differ from what hookpool init --agent ${dialect.name} writes now (an older hookpool, another install, or a hand edit): ${again} to bring them up to date`);
}
