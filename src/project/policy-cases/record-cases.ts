// `hookpool test --record`: a recorded session replayed through the current configuration (the
// replay's own path, side-effect hooks left out as it leaves them out), and each event that a hook
// ran for written as a case file of its own, expecting what the hooks answered. Hooks in audit
// mode are enforced, as `hookpool test --cases` enforces them, so the cases pass right after
// recording and fail, with a diff, once the policy answers otherwise. Events no hook ran for are
// not written: they check nothing about the policy.
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { HookpoolError } from '../../errors.js';
import type { EventReport } from '../../replay/event-report.js';
import { replayTranscript, type ReplayOptions } from '../../replay/replay-session.js';
import type { ReplaySummary } from '../../replay/replay-summary.js';
import { recordedCase, recordedCaseFileName } from './recorded-case.js';

export interface RecordOptions extends Omit<ReplayOptions, 'onEvent' | 'enforceAuditedHooks'> {
  /** The folder the case files go to. */
  readonly out: string;
  /** Write over case files of the same names (otherwise a folder that holds anything is refused). */
  readonly force: boolean;
  /** Each case once its file is written. */
  readonly onCase?: (written: WrittenCase) => void;
}

export interface WrittenCase {
  /** The file's path, under `out`. */
  readonly file: string;
  readonly report: EventReport;
}

export interface Recording {
  readonly summary: ReplaySummary;
  readonly written: readonly WrittenCase[];
}

export async function recordCases(options: RecordOptions): Promise<Recording> {
  await checkFolder(options.out, options.force);
  const written: WrittenCase[] = [];
  const transcript = basename(options.transcript);
  let folderMade = false;
  const summary = await replayTranscript({
    ...options,
    enforceAuditedHooks: true,
    onEvent: async (report, { replayed, result }) => {
      if (result.hooks.length === 0) return;
      const recorded = recordedCase(replayed.event, replayed.payload, result, { index: report.index, transcript, line: report.line, subject: report.subject });
      if (!folderMade) await mkdir(options.out, { recursive: true }).catch((error: Error) => {
        throw new HookpoolError('ERR_HOOKPOOL_USAGE', `--out ${options.out}: cannot be made: ${error.message}`);
      });
      folderMade = true;
      const file = join(options.out, recordedCaseFileName(report.index, replayed.event, report.tool));
      await writeCaseFile(file, recorded, options.force);
      const entry = { file, report };
      written.push(entry);
      options.onCase?.(entry);
    },
  });
  return { summary, written };
}

// A new or empty folder, unless --force: recorded cases never land among others by surprise.
async function checkFolder(out: string, force: boolean): Promise<void> {
  const info = await stat(out).catch(() => undefined);
  if (info === undefined) return;
  if (!info.isDirectory()) throw new HookpoolError('ERR_HOOKPOOL_USAGE', `--out ${out}: not a folder`);
  if (force) return;
  const entries = await readdir(out);
  if (entries.length > 0) throw new HookpoolError('ERR_HOOKPOOL_USAGE', `--out ${out}: already holds ${entries.length === 1 ? 'a file' : `${entries.length} files`}; give a new or empty folder, or --force to write over case files of the same names`);
}

async function writeCaseFile(file: string, recorded: object, force: boolean): Promise<void> {
  await writeFile(file, `${JSON.stringify(recorded, null, 2)}\n`, { flag: force ? 'w' : 'wx' }).catch((error: NodeJS.ErrnoException) => {
    const why = error.code === 'EEXIST' ? 'already exists (--force writes over it)' : `cannot be written: ${error.message}`;
    throw new HookpoolError('ERR_HOOKPOOL_USAGE', `${file}: ${why}`);
  });
}
