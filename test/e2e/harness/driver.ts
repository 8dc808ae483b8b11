// What every real-agent driver offers the end-to-end tests: run the agent headless in a project,
// against a mock model on 127.0.0.1 that answers with scripted steps, and report what happened and
// what the model was told.

/** One answer of the mock model, in the canonical vocabulary; each driver says it in its agent's API. */
export type ModelStep =
  /** A call of the agent's shell tool (Claude Code Bash, Gemini run_shell_command, Codex shell/exec, Copilot bash). */
  | { readonly kind: 'shell'; readonly command: string }
  /** A call of the agent's file-writing tool (Claude Code Write, Gemini write_file, Codex apply_patch, Copilot create). */
  | { readonly kind: 'write'; readonly path: string; readonly content: string }
  /** A final text answer: the turn ends. */
  | { readonly kind: 'text'; readonly text: string };

export type AgentName = 'claude' | 'gemini' | 'codex' | 'copilot';

export interface AgentRunOptions {
  /** The agent's working directory: the project whose hooks are wired. */
  readonly projectDir: string;
  /** HOME for the agent (its user settings live under it); the driver writes what the agent needs to start there (auth stub, trust). */
  readonly home: string;
  /** Extra variables for the agent process (and so for the hooks it starts). */
  readonly env?: Readonly<Record<string, string>>;
  readonly prompt: string;
  /**
   * The model's answers, in order: the n-th request of the main conversation gets steps[n]. Once
   * they are used up, the model answers the text "done". Side requests (titles, summaries, quota
   * or token counts) get a short text and do not use a step.
   */
  readonly steps: readonly ModelStep[];
  /** Kill the agent after this long (default 120 s). */
  readonly timeoutMs?: number;
}

export interface ToolResult {
  /** The agent's own tool name the result was for. */
  readonly tool: string;
  /** The text the model got back for the call (a hook's refusal reason lands here). */
  readonly text: string;
}

export interface AgentRun {
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Every tool result the model received in the main conversation, in order, each once. */
  readonly toolResults: readonly ToolResult[];
  /** Every text the model received (prompts, system reminders, tool results), in order, each once: where hook context lands. */
  readonly modelInputs: readonly string[];
  /** How many requests of the main conversation the model answered (a Stop hook that blocks adds one). */
  readonly mainRequests: number;
}

export interface AgentDriver {
  readonly name: AgentName;
  /** The agent's executable, or null when it is not installed (see find-agent.ts). */
  readonly binary: string | null;
  run(options: AgentRunOptions): Promise<AgentRun>;
}
