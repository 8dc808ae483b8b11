import type { HookProtocol } from '../model/hook-definition.js';
import { EVENT_SPECS, type EventName } from '../events/event-specs.js';
import { HookpoolError } from '../errors.js';
import type { FireResult } from '../model/fire-result.js';

/** Blocks of Stop-like events honoured in a row before the agent is let go (PROTOCOL.md). */
export const DEFAULT_MAX_CONSECUTIVE_BLOCKS = 8;

/** OpenClaw retries a blocked Stop at most 3 times (its Claude-style hooks plan: "Max 3 retries"). */
export const OPENCLAW_MAX_STOP_BLOCKS = 3;

/**
 * The cap for one fire, by where its hooks came from: OpenClaw's 3 when every hook of the fire
 * speaks OpenClaw's protocol (never above the engine's cap), the engine's otherwise.
 */
export function maxBlocksFor(protocols: readonly HookProtocol[], engineMax: number): number {
  const onlyOpenclaw = protocols.length > 0 && protocols.every((protocol) => protocol === 'openclaw');
  return onlyOpenclaw ? Math.min(OPENCLAW_MAX_STOP_BLOCKS, engineMax) : engineMax;
}

export interface StopLoopGuardOptions {
  /**
   * Consecutive blocks honoured per session and event; the next one is not.
   * @default 8
   */
  maxConsecutiveBlocks?: number;
}

/**
 * Stops a Stop hook that always blocks from keeping the agent busy forever. Counts, per session
 * and event, consecutive fires whose result kept the agent running (events marked
 * `stopHookActive`); past the limit the block is dropped with a warning and the count
 * starts again. Stop and SubagentStop count apart: a subagent finishing quietly in the middle of
 * the main agent's loop must not reset the main agent's count.
 */
export class StopLoopGuard {
  readonly #maxConsecutiveBlocks: number;
  /** `${event}\0${sessionId}` to the consecutive blocks so far; absent means none. */
  readonly #blocks = new Map<string, number>();

  constructor(options: StopLoopGuardOptions = {}) {
    const max = options.maxConsecutiveBlocks ?? DEFAULT_MAX_CONSECUTIVE_BLOCKS;
    if (!Number.isInteger(max) || max < 0) {
      throw new HookpoolError(
        'ERR_HOOKPOOL_INVALID_OPTIONS',
        `maxConsecutiveBlocks must be a whole number of blocks (0 or more), got ${String(max)}.`,
      );
    }
    this.#maxConsecutiveBlocks = max;
  }

  /** True once the previous fire of this event blocked: the value of `stop_hook_active`. */
  isActive(sessionId: string, event: EventName): boolean {
    return this.#blocks.has(keyOf(sessionId, event));
  }

  /**
   * Counts a fire's result and returns it, or a copy that lets the agent stop once the limit is
   * passed. `maxConsecutiveBlocks` overrides the guard's cap for this fire (see maxBlocksFor).
   */
  apply(sessionId: string, result: FireResult, options: { maxConsecutiveBlocks?: number } = {}): { result: FireResult; warning?: string } {
    const max = options.maxConsecutiveBlocks ?? this.#maxConsecutiveBlocks;
    if (!EVENT_SPECS[result.event].stopHookActive) return { result };
    const key = keyOf(sessionId, result.event);
    if (!result.blocked) {
      this.#blocks.delete(key);
      return { result };
    }
    const blocks = (this.#blocks.get(key) ?? 0) + 1;
    if (blocks <= max) {
      this.#blocks.set(key, blocks);
      return { result };
    }
    this.#blocks.delete(key);
    const warning =
      `${result.event} hooks blocked ${blocks} times in a row in session "${sessionId}"; ` +
      `the block is not honoured past maxConsecutiveBlocks (${max}) and the agent may stop.`;
    // The feedback that kept it running goes too: Claude Code ends the turn.
    const textTruncated = result.textTruncated.filter((field) => field !== 'reason' && field !== 'additionalContext');
    return { result: { ...result, blocked: false, decision: null, reason: null, decidedBy: [], additionalContext: null, textTruncated }, warning };
  }
}

function keyOf(sessionId: string, event: EventName): string {
  return `${event}\0${sessionId}`;
}
