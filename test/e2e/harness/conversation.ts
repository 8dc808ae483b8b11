// The main conversation as the mock model sees it: it hands out the scripted steps in order (the
// text "done" once they are used up), counts the requests, and keeps every text and tool result
// the agent sent, each once, in order. Each driver reads its agent's request bodies into it.
import type { ModelStep, ToolResult } from './driver.js';

const DONE: ModelStep = { kind: 'text', text: 'done' };

export class Conversation {
  readonly toolResults: ToolResult[] = [];
  readonly modelInputs: string[] = [];
  private requests = 0;
  private readonly seenInputs = new Set<string>();
  private readonly seenResults = new Set<string>();
  private readonly callNames = new Map<string, string>();

  constructor(private readonly steps: readonly ModelStep[]) {}

  /** How many requests of the main conversation the model answered. */
  get mainRequests(): number {
    return this.requests;
  }

  /** The answer to the next main request (the next step, or "done"); counts the request. */
  nextStep(): ModelStep {
    const step = this.steps[this.requests] ?? DONE;
    this.requests += 1;
    return step;
  }

  /** A tool call the model made: its id names the tool its result will be for. */
  noteCall(id: string, tool: string): void {
    this.callNames.set(id, tool);
  }

  /** A text the agent sent the model (empty ones and repeats are passed over). */
  heard(text: string): void {
    if (text === '' || this.seenInputs.has(text)) return;
    this.seenInputs.add(text);
    this.modelInputs.push(text);
  }

  /** A tool result the agent sent, kept once per `key` (the call's id), for `tool` or else the tool its call named. */
  heardResult(key: string, text: string, tool?: string): void {
    if (!this.seenResults.has(key)) {
      this.seenResults.add(key);
      this.toolResults.push({ tool: tool ?? this.callNames.get(key) ?? 'unknown', text });
    }
    this.heard(text);
  }
}
