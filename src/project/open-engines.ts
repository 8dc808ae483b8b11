// The engines of a resident project that are not closed yet, of every generation. One that is
// retired (its configuration reloaded, its session over, or evicted) closes once the fires that
// were running in its generation have settled; closeAll() closes every one at once.
import type { CliEngine } from './one-shot-engine.js';

export class OpenEngines {
  private readonly open = new Set<CliEngine>();
  private readonly retiring = new Set<Promise<void>>();

  add(engine: CliEngine): void {
    this.open.add(engine);
  }

  /** Closes the engine once the fires running now (`running`) have settled. */
  retire(engine: CliEngine, running: Iterable<Promise<unknown>>): void {
    const closed = Promise.allSettled([...running])
      .then(() => engine.close())
      .finally(() => this.open.delete(engine));
    const tracked = closed.finally(() => this.retiring.delete(tracked));
    this.retiring.add(tracked);
  }

  /** Closes every engine at once (each gives its hooks its close timeout, then kills them), retiring ones included. */
  async closeAll(): Promise<void> {
    await Promise.all([...[...this.open].map((engine) => engine.close()), ...this.retiring]);
  }
}
