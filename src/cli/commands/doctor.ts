// `hookpool doctor`: for every configured hook, whether it can start, whether it is trusted,
// whether it is a guard that fails open, whether it is in audit mode, and whether any agent reaches
// it; for every wired agent, its wiring end to end (project/diagnose-wiring.ts); exit 1 when a guard cannot run.
import type { Command } from 'commander';
import { EVENT_SPECS, type EventName } from '../../events/event-specs.js';
import { canRefuse } from '../../events/decision-rank.js';
import { isAudited } from '../../aggregate/audit-mode.js';
import { failOpenGuards } from '../../config/failure-knobs.js';
import { baseEnvironment } from '../../run/hook-env.js';
import { isSecretVariable } from '../../run/secrets.js';
import { diagnoseWiring, type WiringReport } from '../../project/diagnose-wiring.js';
import type { WiringFinding } from '../../project/wiring-check.js';
import { DIALECT_NAMES } from '../../dialects/dialect-names.js';
import { problemsThatMatter } from '../../project/waiting-for-trust.js';
import { withProgress } from '../output/progress.js';
import { addConfigOptions, type ConfigOptions } from '../config-options.js';
import { checkHookStart } from '../../project/check-hook-start.js';
import { EXIT, type ExitCode } from '../../dialects/exit-codes.js';
import { loadCliConfig, type ListedHook } from '../../project/load-project.js';
import { describeSource, plural } from '../../project/describe.js';
import { describeFailOpenGuards, describeSearchedPlaces } from '../output/describe-files.js';
import { printJson, printLine, printLines, printWarning } from '../output/print.js';
import { createPaint } from '../output/style.js';
import { formatTable, type Cell } from '../output/table.js';
import type { Finish } from '../program.js';

interface DoctorOptions extends ConfigOptions {
  readonly json?: boolean;
}

type Verdict = 'ok' | 'warn' | 'fail' | 'off';

interface HookDiagnosis {
  readonly id: string;
  readonly event: string;
  readonly verdict: Verdict;
  /** On an event whose guards fail closed: a hook that cannot run there matters most. */
  readonly guard: boolean;
  readonly trusted: boolean;
  readonly failsOpen: boolean;
  /** In audit mode (`enforce: false`): its answers are recorded, not applied. */
  readonly audit: boolean;
  /** Enabled, yet no agent runs it: none is wired, or none of the wired ones has its event or a tool its matcher names. */
  readonly unreached: boolean;
  readonly problems: readonly string[];
  readonly notes: readonly string[];
  readonly source: string;
}

export function registerDoctorCommand(program: Command, finish: Finish): void {
  const command = program
    .command('doctor')
    .summary('check every hook can start and every wired agent reaches it; exit 1 when a guard cannot run')
    .description('For every configured hook: can it start (its program on PATH or an executable script, the script\'s interpreter, jq when it uses it, $CLAUDE_PROJECT_DIR quoted), is it trusted, does a guard fail open (onError "open" on an event whose guards fail closed), is it in audit mode ("enforce": false), and which secret-looking variables of this environment it would see. For every agent the project is wired for (hookpool init --agent): the program each entry starts is an executable hookpool (Claude Code\'s http entries reach the project\'s server, which a client entry starts), each configured event is wired, each entry lets through the tools the hooks name, each matcher names a tool that agent has, and where the agent lets a guard\'s action through without hookpool\'s answer. Says so when no agent calls hookpool at all. Exit 1 when an enabled guard cannot run.');
  addConfigOptions(command)
    .option('--json', 'print {ok, hooks, agents, wiring, idleHooks, problems} as JSON')
    .addHelpText('after', `
Examples:
  $ hookpool doctor
  $ hookpool doctor --config .hookpool/hooks.json --json`)
    .action(async (options: DoctorOptions) => finish(await diagnose(options)));
}

async function diagnose(options: DoctorOptions): Promise<ExitCode> {
  const { config, wiring, diagnoses } = await withProgress('checking the hooks and the agents wired for them', async () => {
    const config = await loadCliConfig(options, { includeUntrusted: true });
    const wiring = await diagnoseWiring(config.cwd);
    const diagnoses = await Promise.all(config.hooks.map((hook) => diagnoseHook(hook, config.cwd, config.loaded.passEnv, wiring)));
    return { config, wiring, diagnoses };
  });
  const brokenGuards = config.loaded.brokenHooks.filter((entry) => entry.event !== undefined && EVENT_SPECS[entry.event].defaultOnError === 'closed');
  const findings = [...wiring.findings, ...noAgentFinding(wiring, diagnoses)];
  const guardDown = diagnoses.some((diagnosis) => diagnosis.guard && diagnosis.verdict === 'fail') || brokenGuards.length > 0 || findings.some((finding) => finding.verdict === 'fail');
  if (options.json) {
    printJson({ ok: !guardDown, hooks: diagnoses, agents: wiring.agents, wiring: findings, idleHooks: wiring.idleHooks, problems: problemsThatMatter(config) });
    return guardDown ? EXIT.error : EXIT.proceed;
  }
  problemsThatMatter(config).forEach(printWarning);
  const paint = createPaint();
  if (diagnoses.length === 0) printLine(`no hooks configured (looked in ${describeSearchedPlaces(config, options)})`);
  else printLines(formatTable([['', 'HOOK', 'EVENT', 'FINDINGS'], ...diagnoses.map(rowOf)], { paint }));
  for (const entry of brokenGuards) printLine(paint(`fail  ${describeSource(entry.source, config.cwd)}: a broken guard entry refuses every ${entry.event}: ${entry.reason}`, 'red'));
  for (const line of describeFailOpenGuards(config)) printLine(paint(`warn  ${line}`, 'yellow'));
  for (const guard of auditedGuards(diagnoses)) printLine(paint(`warn  guard "${guard.id}" (${guard.event}, ${guard.source}) is in audit mode: what it would block is recorded and shown, never applied; hookpool enable ${guard.id} enforces it`, 'yellow'));
  for (const finding of findings) printLine(paint(`${finding.verdict.padEnd(4)}  ${finding.agent} ${finding.text}`, VERDICT_STYLE[finding.verdict]));
  if (diagnoses.length > 0) {
    printLine();
    printLine(summaryLine(diagnoses, wiring, guardDown));
  }
  return guardDown ? EXIT.error : EXIT.proceed;
}

// With no agent wired, the hooks hookpool runs (not those of Claude Code's own settings, which Claude Code runs) run only when something runs hookpool.
function noAgentFinding(wiring: WiringReport, diagnoses: readonly HookDiagnosis[]): WiringFinding[] {
  if (wiring.agents.length > 0 || !diagnoses.some((diagnosis) => diagnosis.unreached)) return [];
  return [{ verdict: 'warn', agent: 'hookpool', text: `no agent calls hookpool in this project (no hookpool entry in ${wiring.looked.join(', ')}): its hooks run only when something runs hookpool run; wire your agent with hookpool init --agent <${DIALECT_NAMES.join('|')}>` }];
}

// Never "0 cannot start" alone when the hooks are not reached: it says how many no agent runs.
function summaryLine(diagnoses: readonly HookDiagnosis[], wiring: WiringReport, guardDown: boolean): string {
  const failing = diagnoses.filter((diagnosis) => diagnosis.verdict === 'fail').length;
  const unreached = diagnoses.filter((diagnosis) => diagnosis.unreached).length;
  const parts = [failing === 0 ? 'all can start' : `${failing} cannot start`];
  if (wiring.agents.length === 0 && unreached > 0) parts.push(`no agent calls hookpool, so ${unreached === diagnoses.length ? 'none' : unreached} of them run${unreached === 1 ? 's' : ''}`);
  else if (unreached > 0) parts.push(`${unreached} run${unreached === 1 ? 's' : ''} under none of the wired agents (${wiring.agents.join(', ')}; see above)`);
  return `${plural(diagnoses.length, 'hook')} checked: ${parts.join('; ')}${guardDown ? '; a guard cannot run (see fail above)' : ''}`;
}

async function diagnoseHook(hook: ListedHook, cwd: string, passEnv: readonly string[], wiring: WiringReport): Promise<HookDiagnosis> {
  const { definition } = hook;
  const secrets = secretsSeenBy(definition, passEnv);
  const guard = EVENT_SPECS[definition.event].defaultOnError === 'closed';
  const failsOpen = guard && definition.onError === 'open';
  const audit = isAudited(definition);
  const openGuard = failOpenGuards([definition])[0];
  const start = await checkHookStart(definition, cwd);
  const notes = [...start.notes];
  if (!hook.trusted) notes.unshift('untrusted: its file runs only after hookpool trust');
  if (failsOpen) notes.unshift(`fails open: the action proceeds when this guard cannot answer; ${openGuard?.closing ?? 'set "onError": "closed" on it'}`);
  if (audit) notes.unshift('audit mode: not enforced');
  if (secrets.length > 0) notes.push(`sees secrets: ${secrets.join(', ')}`);
  // Claude Code runs the hooks of its own settings files itself; the others run only through hookpool.
  const runByClaudeCode = definition.source?.format === 'claude';
  const unreached = definition.enabled && !runByClaudeCode && (wiring.agents.length === 0 || wiring.idleHooks.includes(definition.id));
  // With no agent wired, one line below the table says so for all of them; a hook no wired agent runs is marked here.
  const idle = unreached && wiring.agents.length > 0;
  if (idle) notes.push(`no wired agent runs it (${wiring.agents.join(', ')}: see below)`);
  let verdict: Verdict = start.problems.length > 0 ? 'fail' : !hook.trusted || failsOpen || audit || idle ? 'warn' : 'ok';
  if (!definition.enabled) verdict = 'off';
  return { id: definition.id, event: definition.event, verdict, guard, trusted: hook.trusted, failsOpen, audit, unreached, problems: start.problems, notes, source: describeSource(definition.source, cwd) };
}

// Enabled hooks in audit mode on an event they could refuse: guards that are not guarding yet.
function auditedGuards(diagnoses: readonly HookDiagnosis[]): HookDiagnosis[] {
  return diagnoses.filter((diagnosis) => diagnosis.audit && diagnosis.verdict !== 'off' && canRefuse(EVENT_SPECS[diagnosis.event as EventName]));
}

const VERDICT_STYLE = { ok: 'green', warn: 'yellow', fail: 'red', off: 'dim' } as const;

// The secret-looking variables of this environment the hook would be given, by its policy (a Claude Code hook: all of them, unless narrowed).
function secretsSeenBy(definition: ListedHook['definition'], passEnv: readonly string[]): string[] {
  const given = baseEnvironment(definition.env, process.env, passEnv);
  return Object.keys(given).filter((name) => isSecretVariable(name, given[name]!)).sort();
}

function rowOf(diagnosis: HookDiagnosis): Cell[] {
  const findings = [...diagnosis.problems, ...diagnosis.notes].join('; ') || 'starts';
  return [{ text: diagnosis.verdict, styles: [VERDICT_STYLE[diagnosis.verdict]] }, { text: diagnosis.id, styles: ['bold'] }, diagnosis.event, findings];
}
