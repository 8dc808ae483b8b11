// What scanning a Bash call (shell-script.ts) yields: every simple command it runs, each with its
// words as far as they are known, its redirections, the wrappers it runs under, where it runs and
// what it reads; and the functions the call defines. The security rules read only this.

/** One word of a command, after the shell's expansions as far as they are known. */
export interface ShellWord {
  /** Quotes removed, known expansions resolved; the markers of shell-words.ts for the rest. */
  readonly value: string;
  /** The commands of its substitutions (`$(...)`, `<(...)`), which run before the word is known. */
  readonly inner: readonly ShellCommand[];
}

/** A redirection of a command (or of a compound command around it). */
export interface ShellRedirect {
  /** `>`, `>>`, `>|`, `&>`, `&>>`, `<>`, `<`, `<<`, `<<<`, `>&`, `<&`. */
  readonly operator: string;
  readonly target: ShellWord | null;
  /** The descriptor written before the operator (`2>`), when there is one. */
  readonly fd: number | null;
}

/** One simple command as it runs. */
export interface ShellCommand {
  /** The program's basename, lowercase, wrappers taken off; '' when only known at run time. */
  readonly program: string;
  /** Its arguments after the program. */
  readonly args: readonly ShellWord[];
  readonly redirects: readonly ShellRedirect[];
  /** The wrappers and carriers around it, outermost first (`sudo`, `bash`). */
  readonly wrappers: readonly string[];
  /** Its working folder as far as the script says, or null when only known at run time. */
  readonly cwd: string | null;
  /** The simple command as written (shortened), for a deny reason. */
  readonly text: string;
  /** The commands of the pipeline stages before it, whose output it reads. */
  readonly upstream: readonly ShellCommand[];
  /** The text on its standard input when the script shows it (here-document, here-string, `echo ... |`). */
  readonly stdin: string | null;
  /** A stage of a pipeline of two or more. */
  readonly piped: boolean;
  /** Run in the background (`&`, coproc). */
  readonly background: boolean;
  /** The function whose body holds it, if any. */
  readonly inFunction: string | null;
}

/** What a Bash call runs. */
export interface ShellScan {
  readonly commands: readonly ShellCommand[];
  /** The functions the script defines, each with the commands of its body. */
  readonly functions: ReadonlyMap<string, readonly ShellCommand[]>;
}

/** A command's arguments as text (markers and all). */
export function argumentValues(command: ShellCommand): string[] {
  return command.args.map((word) => word.value);
}
