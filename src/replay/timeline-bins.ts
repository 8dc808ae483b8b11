// The session's timeline in at most a fixed number of bins, whatever its length: events fill bins
// of one event each; when the bins run out, neighbours are merged in pairs and each bin holds twice
// as many events. The HTML report draws one bar per bin.
export interface TimelineBin {
  /** Index of the bin's first event (0-based) and the transcript line it came from. */
  firstIndex: number;
  firstLine: number;
  events: number;
  toolCalls: number;
  blocked: number;
  failed: number;
  /** Events where a hook added context or rewrote the input or prompt. */
  changed: number;
  /** Time the fires took, wall clock. */
  fireMs: number;
}

export interface EventMarks {
  readonly line: number;
  readonly toolCall: boolean;
  readonly blocked: boolean;
  readonly failed: boolean;
  readonly changed: boolean;
  readonly fireMs: number;
}

export class Timeline {
  readonly bins: TimelineBin[] = [];
  #perBin = 1;
  #events = 0;

  constructor(private readonly maxBins = 240) {}

  get eventsPerBin(): number {
    return this.#perBin;
  }

  add(marks: EventMarks): void {
    // A full set of bins always holds a multiple of the doubled width: the new event starts a bin either way.
    if (this.#events % this.#perBin === 0) {
      if (this.bins.length === this.maxBins) this.#mergePairs();
      this.bins.push({ firstIndex: this.#events, firstLine: marks.line, events: 0, toolCalls: 0, blocked: 0, failed: 0, changed: 0, fireMs: 0 });
    }
    const bin = this.bins[this.bins.length - 1]!;
    bin.events += 1;
    bin.toolCalls += marks.toolCall ? 1 : 0;
    bin.blocked += marks.blocked ? 1 : 0;
    bin.failed += marks.failed ? 1 : 0;
    bin.changed += marks.changed ? 1 : 0;
    bin.fireMs += marks.fireMs;
    this.#events += 1;
  }

  #mergePairs(): void {
    const merged: TimelineBin[] = [];
    for (let at = 0; at < this.bins.length; at += 2) {
      const [first, second] = [this.bins[at]!, this.bins[at + 1]];
      merged.push(second === undefined ? first : {
        firstIndex: first.firstIndex,
        firstLine: first.firstLine,
        events: first.events + second.events,
        toolCalls: first.toolCalls + second.toolCalls,
        blocked: first.blocked + second.blocked,
        failed: first.failed + second.failed,
        changed: first.changed + second.changed,
        fireMs: first.fireMs + second.fireMs,
      });
    }
    this.bins.splice(0, this.bins.length, ...merged);
    this.#perBin *= 2;
  }
}
