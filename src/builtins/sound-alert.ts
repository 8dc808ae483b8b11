// Autohand's sound alert: a sound when the agent stops. It plays a sound file with paplay or
// afplay when one is installed, and otherwise answers a terminal bell. It never fails the hook.
import { access } from 'node:fs/promises';
import type { InWorkerHook } from '../run/in-worker-hook.js';
import { readBuiltinOptions, soundAlertOptions } from './builtin-options.js';
import { findExecutable } from './find-executable.js';
import { runProgram } from './run-program.js';

// Players and the sound each plays when no `soundFile` is set (freedesktop's and macOS's own).
const PLAYERS = [
  { name: 'paplay', defaultSound: '/usr/share/sounds/freedesktop/stereo/complete.oga' },
  { name: 'afplay', defaultSound: '/System/Library/Sounds/Glass.aiff' },
] as const;

const PLAY_TIMEOUT_MS = 5_000;
const BELL = { terminalSequence: '\u0007' };

/** Plays the sound, or answers a bell when no player or sound is there or playing fails. */
const soundAlert: InWorkerHook = async (_input, context) => {
  try {
    const options = readBuiltinOptions('sound-alert', soundAlertOptions, context.options);
    for (const player of PLAYERS) {
      const executable = await findExecutable(player.name, context.projectDir, context.env);
      const sound = options.soundFile ?? player.defaultSound;
      if (executable === null || !(await readable(sound))) continue;
      const played = await runProgram(executable, [sound], { cwd: context.cwd, env: context.env, signal: context.signal, timeoutMs: PLAY_TIMEOUT_MS });
      if (played.code === 0) return undefined;
    }
  } catch {
    // a sound is a nicety: any trouble falls back to the bell
  }
  return BELL;
};

async function readable(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

export default soundAlert;
