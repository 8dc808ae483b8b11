// `hookpool completion <bash|zsh|fish|powershell>`: a shell completion script generated from the
// commander program by @bomb.sh/tab. The script asks `hookpool complete -- <words>` (a hidden
// verb) at each <TAB>, so the verbs, their options and the choices an option takes always come
// from the program itself: nothing is written per verb.
import type { Command } from 'commander';
import tab from '@bomb.sh/tab/commander';

/** Adds `completion` (and the hidden `complete`) once every verb is registered. */
export function registerCompletion(program: Command): void {
  const root = tab(program, { completionCommandName: 'completion' });
  // Each verb is described at <TAB> by its one-line summary, not its whole description.
  for (const command of program.commands) {
    const entry = root.commands.get(command.name());
    if (entry !== undefined && command.summary() !== '') entry.description = command.summary();
  }
  const completion = program.commands.find((command) => command.name() === 'completion');
  completion
    ?.summary('print a shell completion script (bash, zsh, fish or powershell)')
    .description('Print a completion script for the shell named: once loaded, <TAB> completes hookpool\'s verbs, their options and the values an option takes. bash needs the bash-completion package (most distributions install it with bash).')
    .addHelpText('after', `
Examples:
  $ hookpool completion bash > ~/.local/share/bash-completion/completions/hookpool   # bash, from the next shell on
  $ source <(hookpool completion bash)                                                # bash, this shell only
  $ hookpool completion zsh > "\${fpath[1]}/_hookpool"                                 # zsh, from the next shell on
  $ hookpool completion fish > ~/.config/fish/completions/hookpool.fish              # fish`);
}
