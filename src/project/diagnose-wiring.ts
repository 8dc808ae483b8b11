// What `hookpool doctor` says about the agents a project is wired for, end to end: the program
// each entry starts is an executable hookpool (and Claude Code's http entries reach the project's
// server, which a client entry starts), each configured event is wired, each entry's matcher lets
// through the tools the hooks name, each hook's matcher names a tool the agent has, and where the
// agent lets a guard's action through although hookpool did not answer. A finding is `fail` where
// an enabled guard cannot run (its event never reaches hookpool, or reaches a program that is not
// hookpool): its action would go through unchecked, or be refused every time. The checks are in
// check-wiring-entries.ts (the entries) and check-wired-hooks.ts (the hooks).
import { join } from 'node:path';
import type { HookDefinition } from '../model/hook-definition.js';
import { DIALECT_NAMES } from '../dialects/dialect-names.js';
import { loadDialect } from '../dialects/dialects.js';
import { checkEntriesCurrent, checkLaunchers, checkServer } from './check-wiring-entries.js';
import { checkEvents, checkGuardsProceed, checkMatcherNames } from './check-wired-hooks.js';
import { hookpoolItemsByEvent } from './hookpool-entries.js';
import { planWiring, wiredAgents, type WireAgentOptions } from './wire-agent.js';
import { isGuardEvent, type AgentCheck, type WiringFinding } from './wiring-check.js';

export interface WiringReport {
  /** The agents whose settings call hookpool ("Claude Code", ...); empty when none does. */
  readonly agents: readonly string[];
  /** Every agent's settings file, where hookpool's entries were looked for. */
  readonly looked: readonly string[];
  readonly findings: readonly WiringFinding[];
  /** Enabled hooks that run under none of those agents (no such event, or a matcher naming none of its tools). */
  readonly idleHooks: readonly string[];
}

export async function diagnoseWiring(projectDir: string): Promise<WiringReport> {
  const wired = await wiredAgents(projectDir);
  const findings: WiringFinding[] = [];
  const running = new Set<string>();
  const agents: string[] = [];
  const enabledHooks = new Set<string>();
  for (const agent of wired) {
    const report = await diagnoseAgent(agent);
    agents.push(report.agent);
    findings.push(...report.findings);
    for (const hook of report.hooks) enabledHooks.add(hook.id);
    for (const id of report.running) running.add(id);
  }
  const names = new Set(wired.map((agent) => agent.dialect));
  if (names.has('claude') && names.has('copilot')) {
    findings.push({ verdict: 'warn', agent: 'GitHub Copilot CLI', text: 'also runs the hooks in .claude/settings.json: under Copilot, hookpool runs twice per call (once per wiring); wire one of them, or accept it' });
  }
  const idleHooks = [...enabledHooks].filter((id) => !running.has(id));
  const looked = (await Promise.all(DIALECT_NAMES.map(loadDialect))).map((dialect) => dialect.settings.file);
  return { agents, looked, findings, idleHooks };
}

interface AgentReport {
  readonly agent: string;
  readonly findings: WiringFinding[];
  /** The enabled hooks hookpool runs for this agent. */
  readonly hooks: readonly HookDefinition[];
  /** The ids of those that can run under it. */
  readonly running: readonly string[];
}

async function diagnoseAgent(agent: WireAgentOptions): Promise<AgentReport> {
  const { dialect, hooks: all, context } = await planWiring(agent);
  const hooks = all.filter((hook) => hook.enabled);
  const findings: WiringFinding[] = [];
  const owned = await hookpoolItemsByEvent(join(context.projectDir, dialect.settings.file));
  const guardEvents = new Set(Object.keys(owned).filter((agentEvent) => isGuardEvent(dialect.events[agentEvent]) && hooks.some((hook) => hook.event === dialect.events[agentEvent])));
  const check: AgentCheck = {
    dialect,
    context,
    hooks,
    owned,
    say: (verdict, text) => findings.push({ verdict, agent: dialect.agent, text }),
    severity: (agentEvents) => ([...agentEvents].some((agentEvent) => guardEvents.has(agentEvent)) ? 'fail' : 'warn'),
    again: `run hookpool init --agent ${dialect.name}`,
  };
  await checkLaunchers(check);
  checkServer(check);
  const running = checkEvents(check);
  checkEntriesCurrent(check);
  checkGuardsProceed(check, running);
  checkMatcherNames(check);
  return { agent: dialect.agent, findings, hooks, running: [...running] };
}
