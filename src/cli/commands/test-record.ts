// `hookpool test --record <transcript> --out DIR`: a recorded session turned into policy case
// files, one per event a hook ran for, expecting what the hooks answer now; a line per file
// written, then what was left out. --json for machines.
import { relative } from 'node:path';
import { EXIT, type ExitCode } from '../../dialects/exit-codes.js';
import { isTerminal } from '../../io/raw-stdio.js';
import { plural } from '../../project/describe.js';
import { recordCases, type WrittenCase } from '../../project/policy-cases/record-cases.js';
import type { ConfigOptions, PassEnvOptions } from '../config-options.js';
import { createProgressBar } from '../output/progress-bar.js';
import { printJson, printLines, printWarning } from '../output/print.js';
import { describeLeftOut } from '../output/replay-table.js';
import { createPaint, type Paint } from '../output/style.js';
import { sideEffectChoice, type TranscriptOptions } from '../replay-options.js';

interface RecordCommandOptions extends ConfigOptions, PassEnvOptions, TranscriptOptions {
  readonly out: string;
  readonly force?: boolean;
  readonly json?: boolean;
}

export async function recordTestCases(transcript: string, options: RecordCommandOptions): Promise<ExitCode> {
  const paint = createPaint();
  const json = options.json === true;
  // The bar shares the terminal with the case lines only when those go elsewhere (--json, a pipe, a file).
  const progress = json || !isTerminal(1) ? createProgressBar('recording') : createProgressBar(null);
  const { summary, written } = await recordCases({
    ...options,
    transcript,
    out: options.out,
    force: options.force === true,
    ...sideEffectChoice(options),
    onCase: (entry) => {
      if (!json) printLines([describeWritten(entry, paint)]);
    },
    onSkippedLine: (message) => {
      if (json) printWarning(message);
    },
    onProgress: (done, total) => progress.update(done, total),
  }).finally(() => progress.stop());
  if (json) {
    printJson({ out: options.out, cases: written.map(({ file, report }) => ({ file, index: report.index, line: report.line, event: report.event, tool: report.tool, subject: report.subject, verdict: report.verdict })), summary });
    return EXIT.proceed;
  }
  const events = Object.values(summary.events).reduce((sum, count) => sum + count, 0);
  const where = relative(process.cwd(), options.out) || '.';
  printLines([
    '',
    paint(written.length === 0 ? `No case recorded: no hook ran for any of the ${plural(events, 'event')} of ${transcript}` : `Recorded ${plural(written.length, 'case')} in ${where} from ${plural(events, 'event')} of ${transcript} (the others had no hook to run)`, 'bold'),
    ...(written.length === 0 ? [] : [`Check them against the current hooks: hookpool test --cases ${where}`]),
    ...describeLeftOut(summary, paint),
  ]);
  return EXIT.proceed;
}

function describeWritten({ file, report }: WrittenCase, paint: Paint): string {
  const verdict = report.verdict === 'proceed' ? paint('proceed', 'green') : paint(report.verdict === 'stop' ? 'STOP   ' : 'BLOCKED', 'bold', 'red');
  return ['wrote', file, verdict, report.subject === null ? '' : paint(report.subject, 'dim')].join('  ').trimEnd();
}
