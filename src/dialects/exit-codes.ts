// The exit codes of every verb (docs/cli.md): what an agent calling hookpool acts on.
export const EXIT = {
  /** The agent may proceed; the command did what was asked. */
  proceed: 0,
  /** A usage or configuration error; nothing was decided. */
  error: 1,
  /** A hook blocked the action (`hookpool run`). */
  blocked: 2,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];
