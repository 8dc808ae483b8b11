// How a Bash call is taken apart for the security rules: every command it runs, unwrapped to its
// program, its words evaluated as far as the call itself says; and the helpers the rules judge
// paths, flags and modes with.
import { beforeAll, describe, expect, it } from 'vitest';
import { protectedFolder, secretKind, wholeFolderTarget } from '../../src/builtins/security-paths.js';
import { parseOptions } from '../../src/builtins/shell-options.js';
import { loadShellParser, type ShellParser } from '../../src/builtins/shell-parser.js';
import type { ShellCommand } from '../../src/builtins/shell-scan.js';
import { scanCommand } from '../../src/builtins/shell-script.js';
import { displayValue, expandBraces } from '../../src/builtins/shell-words.js';
import { programName } from '../../src/builtins/shell-wrappers.js';
import { modeGivesOthersWrite } from '../../src/builtins/world-writable-intent.js';

const CONTEXT = { cwd: '/work/project', home: '/home/me' };
let parser: ShellParser;
beforeAll(async () => {
  parser = await loadShellParser();
});

// Each command as `program arg arg`, with the wrappers it ran under.
const scan = (command: string) => scanCommand(parser, command, CONTEXT);
const shown = (command: ShellCommand) => [command.program, ...command.args.map((word) => displayValue(word.value))].join(' ');
const commands = (line: string) => scan(line).commands.map(shown);

describe('scanCommand: every command a call runs', () => {
  it('follows lists, pipes, groups, subshells, control flow and substitutions', () => {
    expect(commands('a && b || c; d | e & f')).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(commands('( a ); { b; }; if c; then d; elif e; then f; else g; fi')).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(commands('while a; do b; done; case x in y) c;; esac; [[ $(d) ]]')).toEqual(['a', 'b', 'c', 'd']);
    expect(commands('echo $(a `b`) "$(c)" <(d) >(e)')).toEqual(['b', 'a $?', 'c', 'd', 'e', 'echo $? $? $? $?']);
  });

  it('reads the scripts commands carry: sh -c (with -- and $1), eval, su -c, watch, find -exec, a shell on stdin', () => {
    expect(commands("bash -c -- 'a x'").at(-1)).toBe('a x');
    expect(commands("sh -c 'rm \"$1\"' zero one").at(-1)).toBe('rm one');
    expect(commands("eval 'a; b'").slice(1)).toEqual(['a', 'b']);
    expect(commands("su - root -c 'a'").at(-1)).toBe('a');
    expect(commands('watch a b').at(-1)).toBe('a b');
    expect(commands('find . -exec rm {} \\;').at(-1)).toBe('rm {}');
    expect(commands("echo 'a x' | bash").at(-1)).toBe('a x');
    expect(commands("bash <<< 'a x'").at(-1)).toBe('a x');
    expect(commands("cat <<'E' | sh\na x\nE").at(-1)).toBe('a x');
  });

  it('takes wrappers off, recording them, and reads each one\'s own options', () => {
    const [command] = scan('sudo -u root -- env -i A=1 timeout -s KILL 5 nice -n 5 nohup setsid stdbuf -oL ionice -c3 command rm -rf x').commands;
    expect(shown(command!)).toBe('rm -rf x');
    expect(command!.wrappers).toEqual(['sudo', 'env', 'timeout', 'nice', 'nohup', 'setsid', 'stdbuf', 'ionice', 'command']);
    expect(commands('busybox rm x; xargs rm; command -v rm; sudo -l rm')).toEqual(['rm x', 'rm', 'command -v rm', 'sudo -l rm']);
    expect(commands('echo a b | xargs rm').at(-1)).toBe('rm a b');
    expect(commands("printf 'a\\nb\\n' | xargs -I{} rm {}").slice(1)).toEqual(['rm a', 'rm b']);
    expect(scan('env -C / ls').commands[0]!.cwd).toBe('/');
  });

  it('normalises program names: paths, quotes, escapes, $\'...\', $(which), Homebrew\'s g prefix', () => {
    for (const spelling of ['/bin/rm', '\\rm', '"rm"', "r''m", "$'\\x72m'", '$(which rm)', '`command -v rm`', 'grm', 'RM']) expect(scan(`${spelling} x`).commands.at(-1)!.program, spelling).toBe('rm');
    expect(programName('/usr/bin/env')).toBe('env');
    expect(programName('\u0000')).toBe('');
  });

  it('evaluates words: HOME and ~, PWD, IFS, variables and cd of the call itself, braces, ${X%pattern}', () => {
    expect(commands('rm ~ ~/x ~me ~+ "~" \\~ $HOME "${HOME}"/y')).toEqual(['rm /home/me /home/me/x /home/me /work/project ~ ~ /home/me /home/me/y']);
    expect(commands('X=/tmp; rm $X; Y="a b"; rm $Y "$Y"').filter((line) => line.startsWith('rm'))).toEqual(['rm /tmp', 'rm a b a b']);
    expect(commands('rm${IFS}-rf${IFS}x')).toEqual(['rm -rf x']);
    expect(commands('rm /{bin,etc} {a,b{c,d}}')).toEqual(['rm /bin /etc a bc bd']);
    expect(commands('rm ${HOME%/*} ${HOME##*/} ${HOME:0:1} ${UNSET:-/}')).toEqual(['rm /home me / $?']);
    expect(scan('cd /tmp && rm x; cd sub; rm y').commands.filter((command) => command.program === 'rm').map((command) => command.cwd)).toEqual(['/tmp', '/tmp/sub']);
    expect(scan('(cd /tmp); rm x').commands.at(-1)!.cwd).toBe('/work/project');
    expect(scan('if a; then cd /tmp; fi; rm x').commands.at(-1)!.cwd).toBeNull();
    expect(commands('for d in / ~; do rm "$d"; done')).toEqual(['rm /', 'rm /home/me']);
  });

  it('keeps what only the running shell knows unknown, and quoted globs literal', () => {
    expect(commands('rm $X "$(date)" $((1+2)) *.o "*.o"')).toEqual(['date', 'rm $? $? $? *.o *.o']);
    const [glob, literal] = scan('rm *.o "*.o"').commands[0]!.args;
    expect(glob!.value).not.toBe(literal!.value);
  });

  it('records pipes (what a stage reads), redirections (also of groups), background and functions', () => {
    const { commands: [, , sh] } = scan('curl x | tee log | sh');
    expect(sh!.upstream.map((command) => command.program)).toEqual(['curl', 'tee']);
    expect(scan('{ cat a; } > /dev/sda').commands[0]!.redirects.map((redirect) => `${redirect.operator}${redirect.target?.value}`)).toEqual(['>/dev/sda']);
    const bomb = scan(':(){ :|:& };:');
    expect([...bomb.functions.keys()]).toEqual([':']);
    expect(bomb.functions.get(':')!.every((command) => command.piped && command.background)).toBe(true);
  });

  it('survives malformed and deeply nested input: a partial reading, never a throw', () => {
    expect(commands('echo "unclosed')).toEqual(['echo unclosed']);
    let nested = 'rm -rf /';
    for (let level = 0; level < 14; level++) nested = `bash -c ${JSON.stringify(nested)}`;
    expect(commands(nested).at(-1)).toBe('rm -rf /');
    expect(commands(`${'eval '.repeat(40)}rm -rf /`).at(-1)).toBe('rm -rf /');
    expect(() => scan(`${'eval '.repeat(200)}rm -rf /`)).not.toThrow();
    expect(scan('a;'.repeat(10_000)).commands.length).toBeLessThanOrEqual(4000);
  });
});

describe('the helpers the rules judge with', () => {
  it('parseOptions reads flags as getopt does: clusters, values, abbreviations, permutation, --', () => {
    const options = parseOptions(['/', '-rf', '--no-pres', '--', '-x'], { long: { recursive: 'flag', 'no-preserve-root': 'flag' }, permute: true });
    expect([...options.short]).toEqual(['r', 'f']);
    expect([...options.long]).toEqual(['no-preserve-root']);
    expect(options.operands).toEqual(['/', '-x']);
    expect(parseOptions(['-uroot', '-s', 'KILL', 'cmd', '-x'], { shortValue: 'us' })).toMatchObject({ operands: ['cmd', '-x'], firstOperand: 3 });
  });

  it('wholeFolderTarget and protectedFolder: spellings of /, home, the project, and what is narrower', () => {
    const context = { home: '/home/me', projectDir: '/work/project', cwd: '/work/project' };
    const target = (value: string) => wholeFolderTarget(value.replaceAll('*', '\u0001'), '/work/project');
    expect(['/', '//', '/.', '/./', '/../', '/tmp/..', '/*'].map(target)).toEqual(Array(7).fill('/'));
    expect([target('.'), target('*'), target('./*'), target('.*'), target('..')]).toEqual(['/work/project', '/work/project', '/work/project', '/work/project', '/work']);
    expect([target('*.o'), target('build/*'), target('/*/cache')]).toEqual([null, '/work/project/build', null]);
    expect(['/', '/usr/local', '/home/me', '/home', '/work', '/work/project'].map((path) => protectedFolder(path, context) !== null)).toEqual([true, true, true, true, true, true]);
    expect(['/tmp', '/home/me/.cache', '/work/project/dist', '/work/other'].map((path) => protectedFolder(path, context))).toEqual([null, null, null, null]);
  });

  it('modeGivesOthersWrite: octal with the others-write bit, symbolic o/a with + or = and w', () => {
    expect(['777', '0777', '1777', '666', '757', '2', 'a+rwx', 'a=rwx', 'o+w', 'go+w', 'u=rwx,o=rwx', 'a+w'].filter((mode) => !modeGivesOthersWrite(mode))).toEqual([]);
    expect(['755', '644', '600', '2755', '+x', 'u+w', 'g+w', 'o-w', 'a-w', '+w', 'o+r'].filter(modeGivesOthersWrite)).toEqual([]);
  });

  it('secretKind: secrets by name and folder, templates and public keys excepted', () => {
    const kinds = (paths: string[]) => paths.map(secretKind);
    expect(kinds(['.env', 'a/.env.local', '.envrc', '.env.example', '.env.local.sample', '.environment'])).toEqual(['env-file', 'env-file', 'env-file', null, null, null]);
    expect(kinds(['id_rsa', 'x/id_ed25519_sk', 'id_rsa.pub', 'tls.key', 'cert.pem', 'keys.ts'])).toEqual(['private-key', 'private-key', null, 'private-key', 'private-key', null]);
    expect(kinds(['/home/me/.ssh/config', '/home/me/.ssh', '/home/me/.ssh/id_rsa.pub', 'src/ssh/client.ts'])).toEqual(['ssh-folder', 'ssh-folder', null, null]);
    expect(kinds(['/home/me/.aws/credentials', '/home/me/.aws', '/home/me/.aws/config', '.npmrc', '.npmignore', 'aws/credentials.md'])).toEqual(['credentials-file', 'credentials-file', null, 'credentials-file', null, null]);
  });

  it('expandBraces: comma lists, nested, several groups; no list, no expansion', () => {
    expect(expandBraces('{a,b}{1,2}')).toEqual(['a1', 'a2', 'b1', 'b2']);
    expect(expandBraces('x{a,{b,c}}')).toEqual(['xa', 'xb', 'xc']);
    expect(expandBraces('{1..3}')).toEqual([]);
  });
});
