// How OpenClaw turns a string command into an argv (executor.ts): shell-quote's parse, and a
// refusal of anything that is not a plain word, since the argv runs with no shell.
import { parse, type ParseEntry } from 'shell-quote';

/** The argv of a command string, or why it cannot run without a shell. */
export function splitOpenclawCommand(command: string): { args: string[] } | { problem: string } {
  const variables: string[] = [];
  // Without an environment shell-quote expands `$NAME` to "" (OpenClaw passes none), so the hook
  // would run with a silently wrong path; a reference is recorded here and refused below.
  const tokens = parse(command, (name) => {
    variables.push(name);
    return '';
  });
  const operator = tokens.find((token) => typeof token !== 'string');
  if (operator !== undefined) {
    return { problem: `contains ${describeToken(operator)}, which OpenClaw refuses: the command runs with no shell (write an argv array, or put the pipeline in a script)` };
  }
  if (variables.length > 0) {
    const names = [...new Set(variables)].map((name) => `$${name}`).join(', ');
    return { problem: `refers to ${names}, which OpenClaw replaces with nothing: the command runs with no shell (write the path out, or put the command in a script)` };
  }
  const args = tokens as string[];
  if (args.length === 0) return { problem: 'is empty' };
  return { args };
}

function describeToken(token: ParseEntry): string {
  if (typeof token !== 'object') return 'something that is not a word';
  if ('comment' in token) return 'a comment';
  if (token.op === 'glob') return `the glob "${token.pattern}"`;
  return `the shell operator "${token.op}"`;
}
