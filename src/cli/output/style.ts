// Colour for people, plain text for pipes: ANSI codes only on a colour TTY, never with NO_COLOR.
import { inspect } from 'node:util';
import { isTerminal } from '../../io/raw-stdio.js';

export type StyleName = 'bold' | 'dim' | 'red' | 'green' | 'yellow' | 'cyan' | 'magenta';

/** Wraps text in the named styles, or returns it unchanged when colour is off. */
export type Paint = (text: string, ...styles: StyleName[]) => string;

/** Whether stdout (or stderr) should get colour: NO_COLOR wins, FORCE_COLOR forces, else a colour TTY. */
export function wantsColor(fd: 1 | 2, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0') return true;
  return isTerminal(fd) && (fd === 1 ? process.stdout : process.stderr).hasColors?.() === true;
}

// node:util's own table of ANSI codes: no dependency, and present on every Node 20 release.
function applyStyle(text: string, style: StyleName): string {
  const codes = inspect.colors[style];
  return codes === undefined ? text : `\u001b[${codes[0]}m${text}\u001b[${codes[1]}m`;
}

export function createPaint(fd: 1 | 2 = 1): Paint {
  if (!wantsColor(fd)) return (text) => text;
  return (text, ...styles) => (text === '' ? text : styles.reduce(applyStyle, text));
}
