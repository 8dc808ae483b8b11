// What hooks kept of their calls for the tests to read: fixtures/capture.sh (the hooks of the
// *-direct tests) and wiring-kit's probe.sh each write <label>-<ns>-<pid>.json (the payload they
// got) and the matching .env (their environment, NUL-separated) into a folder.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const CAPTURE_SCRIPT = new URL('../fixtures/capture.sh', import.meta.url).pathname;

/** What capture.sh answers after keeping the call (see the script). */
export type CaptureAnswer = 'say' | 'say-if-rm' | 'refuse-if-rm' | 'say-once' | 'refuse-once';

export interface HookRecord {
  readonly label: string;
  readonly payload: Record<string, unknown>;
  readonly env: Map<string, string>;
}

/** The hook command `sh '<capture.sh>' '<label>' ['<answer>' '<text>']`: keeps its calls under `label` in $CAPTURE_DIR. */
export function captureHook(label: string, answer?: CaptureAnswer, text = ''): string {
  const args = answer === undefined ? [label] : [label, answer, text];
  return ['sh', CAPTURE_SCRIPT, ...args].map((word) => `'${word}'`).join(' ');
}

function readEnv(path: string): Map<string, string> {
  const env = new Map<string, string>();
  const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
  for (const entry of text.split('\0')) {
    const at = entry.indexOf('=');
    if (at > 0) env.set(entry.slice(0, at), entry.slice(at + 1));
  }
  return env;
}

/** Every call kept in `dir` (optionally of one label), oldest first. */
export function hookRecordsIn(dir: string, label?: string): HookRecord[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .flatMap((name) => {
      const match = /^(.*)-(\d+)-\d+\.json$/.exec(name);
      return match !== null && (label === undefined || match[1] === label) ? [{ name, label: match[1]!, time: BigInt(match[2]!) }] : [];
    })
    .sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0))
    .map(({ name, label: recordLabel }) => ({
      label: recordLabel,
      payload: JSON.parse(readFileSync(join(dir, name), 'utf8')) as Record<string, unknown>,
      env: readEnv(join(dir, name.replace(/\.json$/, '.env'))),
    }));
}
