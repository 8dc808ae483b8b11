// `hookpool replay --json`: one JSON document, written as the replay goes so a long session never
// sits in memory: `{"events": [...], "summary": {...}}`, one event a line.
import type { EventReport } from '../../replay/event-report.js';
import type { ReplaySummary } from '../../replay/replay-summary.js';
import { writeToFd } from '../../io/raw-stdio.js';

export class ReplayJsonWriter {
  #events = 0;

  event(report: EventReport): void {
    writeToFd(1, `${this.#events === 0 ? '{"events": [\n' : ',\n'}${JSON.stringify(report)}`);
    this.#events += 1;
  }

  finish(summary: ReplaySummary): void {
    writeToFd(1, `${this.#events === 0 ? '{"events": [' : '\n'}],\n"summary": ${JSON.stringify(summary, null, 2)}}\n`);
  }
}
