// `hookpool doctor`: for every configured hook, whether it can start, whether it is trusted,
// whether it is a guard that fails open, and whether it is in audit mode; exit 1 when a guard cannot run.
import type { Command } from 'commander';
import { EVENT_SPECS, type EventName } from '../../events/event-specs.js';
import { canRefuse } from '../../aggregate/decision-rank.js';
import { isAudited } from '../../aggregate/audit-mode.js';
import { failOpenGuards } from '../../config/failure-knobs.js';
import { baseEnvironment } from '../../run/hook-env.js';
import { isSecretVariable } from '../../run/secrets.js';
import { diagnoseWiring } from '../../project/diagnose-wiring.js';
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
  readonly problems: readonly string[];
  readonly notes: readonly string[];
  readonly source: string;
}

export function registerDoctorCommand(program: Command, finish: Finish): void {
  const command = program
    .command('doctor')
    .summary('check every hook can start; exit 1 when a guard cannot run')
    .description('For every configured hook: can it start (its program on PATH or an executable script, the script\'s interpreter, jq when it uses it, $CLAUDE_PROJECT_DIR quoted), is it trusted, does a guard fail open (onError "open" on an event whose guards fail closed), is it in audit mode ("enforce": false), and which secret-looking variables of this environment it would see. For every agent the project is wired for (hookpool init --agent): each event reaches hookpool, the program its entries start exists, each matcher names a tool that agent has. Exit 1 when an enabled guard cannot run.');
  addConfigOptions(command)
    .option('--json', 'print one object per hook as JSON')
    .addHelpText('after', `
Examples:
  $ hookpool doctor
  $ hookpool doctor --config .hookpool/hooks.json --json`)
    .action(async (options: DoctorOptions) => finish(await diagnose(options)));
}

async function diagnose(options: DoctorOptions): Promise<ExitCode> {
  const config = await loadCliConfig(options, { includeUntrusted: true });
  const passEnv = config.loaded.passEnv;
  const diagnoses = await Promise.all(config.hooks.map((hook) => diagnoseHook(hook, config.cwd, passEnv)));
  const wiring = await diagnoseWiring(config.cwd, config.hooks.map((hook) => hook.definition));
  const brokenGuards = config.loaded.brokenHooks.filter((entry) => entry.event !== undefined && EVENT_SPECS[entry.event].defaultOnError === 'closed');
  const guardDown = diagnoses.some((diagnosis) => diagnosis.guard && diagnosis.verdict === 'fail') || brokenGuards.length > 0 || wiring.some((finding) => finding.verdict === 'fail');
  if (options.json) {
    printJson({ ok: !guardDown, hooks: diagnoses, wiring, problems: config.loaded.problems });
    return guardDown ? EXIT.error : EXIT.proceed;
  }
  config.loaded.problems.forEach(printWarning);
  if (diagnoses.length === 0) {
    printLine(`no hooks configured (looked in ${describeSearchedPlaces(config, options)})`);
    return guardDown ? EXIT.error : EXIT.proceed;
  }
  const paint = createPaint();
  const rows: Cell[][] = [['', 'HOOK', 'EVENT', 'FINDINGS'], ...diagnoses.map(rowOf)];
  printLines(formatTable(rows, { paint }));
  for (const entry of brokenGuards) printLine(paint(`fail  ${describeSource(entry.source, config.cwd)}: a broken guard entry refuses every ${entry.event}: ${entry.reason}`, 'red'));
  for (const line of describeFailOpenGuards(config)) printLine(paint(`warn  ${line}`, 'yellow'));
  for (const guard of auditedGuards(diagnoses)) printLine(paint(`warn  guard "${guard.id}" (${guard.event}, ${guard.source}) is in audit mode: what it would block is recorded and shown, never applied; hookpool enable ${guard.id} enforces it`, 'yellow'));
  for (const finding of wiring) printLine(paint(`${finding.verdict.padEnd(4)}  ${finding.agent} ${finding.text}`, VERDICT_STYLE[finding.verdict]));
  const failing = diagnoses.filter((diagnosis) => diagnosis.verdict === 'fail').length;
  printLine();
  printLine(`${plural(diagnoses.length, 'hook')} checked: ${failing} cannot start${guardDown ? '; a guard cannot run, so its event is refused until this is fixed' : ''}`);
  return guardDown ? EXIT.error : EXIT.proceed;
}

async function diagnoseHook(hook: ListedHook, cwd: string, passEnv: readonly string[]): Promise<HookDiagnosis> {
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
  let verdict: Verdict = start.problems.length > 0 ? 'fail' : !hook.trusted || failsOpen || audit ? 'warn' : 'ok';
  if (!definition.enabled) verdict = 'off';
  return { id: definition.id, event: definition.event, verdict, guard, trusted: hook.trusted, failsOpen, audit, problems: start.problems, notes, source: describeSource(definition.source, cwd) };
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
