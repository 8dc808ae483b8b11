// What a command prints when the script itself shows it, so that a pipe (`echo / | xargs rm`) or a
// substitution (`$(echo rm)`, `$(which rm)`, `$(pwd)`) is read with the text it really carries.
// Anything whose output depends on the running system stays unknown (null).
import { argumentValues, type ShellCommand } from './shell-scan.js';

/** What a command prints when the script shows it: `echo`, `printf` of plain text, `pwd`, `which x`, `cat` of a here-document. */
export function literalOutput(command: ShellCommand): string | null {
  const values = argumentValues(command);
  switch (command.program) {
    case 'echo': {
      let index = 0;
      let escapes = false;
      while (index < values.length && /^-[neE]+$/.test(values[index]!)) escapes ||= values[index++]!.includes('e');
      const text = values.slice(index).join(' ');
      return `${escapes ? decodeEscapes(text) : text}\n`;
    }
    case 'printf': {
      const [format, ...rest] = values;
      if (format === undefined || format.startsWith('-')) return null;
      if (!format.includes('%')) return decodeEscapes(format);
      const plain = /^%([sb])(\\n)?$/.exec(format);
      if (plain === null) return null;
      return rest.map((item) => (plain[1] === 'b' ? decodeEscapes(item) : item)).join(plain[2] === undefined ? '' : '\n') + (plain[2] === undefined ? '' : '\n');
    }
    case 'pwd':
      return command.cwd === null ? null : `${command.cwd}\n`;
    case 'cat':
      return values.length === 0 || (values.length === 1 && values[0] === '-') ? command.stdin : null;
    case 'which':
    case 'type':
    case 'command': {
      const names = values.filter((value) => !value.startsWith('-'));
      return names.length === 1 ? `${names[0]}\n` : null;
    }
    default:
      return null;
  }
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', '\\': '\\', a: '\u0007', e: '\u001b', v: '\v', f: '\f', b: '\b' };

// printf's and `echo -e`'s backslash escapes.
function decodeEscapes(text: string): string {
  return text.replace(/\\(x[0-9a-fA-F]{1,2}|0[0-7]{0,3}|[0-7]{1,3}|.)/g, (escape, code: string) => {
    if (code.startsWith('x')) return String.fromCharCode(Number.parseInt(code.slice(1), 16));
    if (/^[0-7]/.test(code)) return String.fromCharCode(Number.parseInt(code, 8));
    return SIMPLE_ESCAPES[code] ?? escape;
  });
}
