// The line that releases a spare hook process: run by a real /bin/sh started as a spare is, it
// must give the hook exactly the fire's variables and command, whatever they hold.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { handOverLine, MAX_HAND_OVER_CHARS, SPARE_ARGV, SPARE_SHELL } from '../../workers/spare-hand-over.js';

/** Runs a spare's stub as a spare runs, with `line` on fd 3 and `stdin` on stdin; its stdout and exit code. */
function runSpare(line: string, stdin = ''): Promise<{ stdout: string; code: number | null }> {
  const child = spawn(SPARE_SHELL, SPARE_ARGV, { env: { PATH: process.env.PATH!, FIXED: 'base' }, stdio: ['pipe', 'pipe', 'inherit', 'pipe'] });
  let stdout = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  for (const stream of [child.stdin!, child.stdio[3]!]) stream.on('error', () => {}); // EPIPE: a hook that exits without reading, as a spare's owner allows
  (child.stdio[3] as NodeJS.WritableStream).end(line);
  child.stdin!.end(stdin);
  return new Promise((resolve) => child.once('close', (code) => resolve({ stdout, code })));
}

describe('the hand-over line of a spare hook process', () => {
  const tricky = { QUOTES: `it's "quoted"`, NEWLINES: 'one\ntwo\n\nthree\n', DOLLARS: '$HOME $(echo no) `echo no` \\n', EMPTY: '', UNICODE: 'héllo ✓' };

  it('gives a `sh -c` hook the fire\'s variables byte for byte, over the spare\'s own environment, and neither fd 3 nor the stub\'s variables', async () => {
    const line = handOverLine(SPARE_SHELL, ['-c', 'for name in QUOTES NEWLINES DOLLARS EMPTY UNICODE FIXED; do eval "printf \'%s|\' \\"\\$$name\\""; done; printf "%s|%s|%s" "${h-unset}" "${nl-unset}" "$0"; [ -e /proc/self/fd/3 ] && echo " fd3 open" || echo " fd3 closed"'], tricky);
    expect(line).toBeDefined();
    expect(line!.split('\n')).toHaveLength(2); // one line, and its end
    const { stdout, code } = await runSpare(line!);
    expect(code).toBe(0);
    expect(stdout).toBe(`${Object.values(tricky).join('|')}|base|unset|unset|/bin/sh fd3 closed\n`);
  });

  it('runs a multi-line `sh -c` command as written', async () => {
    const line = handOverLine(SPARE_SHELL, ['-c', 'x=1\nif [ "$x" = 1 ]; then\n  printf "%s\\n" "two lines" \'kept\nwhole\'\nfi\nprintf "%s" "${nl-unset}"'], {});
    expect(await runSpare(line!)).toEqual({ stdout: 'two lines\nkept\nwhole\nunset', code: 0 });
  });

  it('runs a program hook by exec, with its arguments whole and the event on its stdin, and passes its exit code on', async () => {
    const line = handOverLine('/bin/sh', ['-c', 'printf "%s|" "$0" "$1" "$X"; cat; exit 3', 'a b', "c'd\ne"], { X: 'y' });
    expect(await runSpare(line!, '{"event":1}')).toEqual({ stdout: `a b|c'd\ne|y|{"event":1}`, code: 3 });
  });

  it('refuses what a spare could not run as a spawn would: a name no shell exports, a program not given by an absolute path, a NUL byte', () => {
    expect(handOverLine(SPARE_SHELL, ['-c', 'true'], { 'NOT-A-NAME': 'x' })).toBeUndefined();
    expect(handOverLine('true', [], {})).toBeUndefined();
    expect(handOverLine('/no/such/program', [], {})).toBeUndefined();
    expect(handOverLine(SPARE_SHELL, ['-c', 'true\0'], {})).toBeUndefined();
    expect(handOverLine('/bin/echo', ['a\0b'], {})).toBeUndefined();
    expect(handOverLine(SPARE_SHELL, ['-c', 'true'], { A: 'b\0c' })).toBeUndefined();
    expect(handOverLine(SPARE_SHELL, ['-c', 'true'], { LARGE: 'x'.repeat(MAX_HAND_OVER_CHARS) })).toBeUndefined();
    expect(handOverLine('/bin/echo', ['a'], { A: 'b' })).toBe("unset h; exec 3<&-; export A='b'; exec '/bin/echo' 'a'\n");
  });
});
