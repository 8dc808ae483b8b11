// Live hook process groups, in shared memory so the host's main thread can reap what a dead
// worker (or a cancelled task) leaves behind without asking the worker.
//
// One slot per running task: [pgid, cancelled]. The host claims a slot before dispatching a
// task and releases it when the outcome is in. Race, by design: a worker records its pgid and
// then reads the cancel flag; the host sets the flag and then reads the pgid. With sequentially
// consistent Atomics at least one side sees the other, so a group is never missed.

const PGID = 0;
const CANCELLED = 1;
const FIELDS = 2;

export class GroupRegistry {
  readonly buffer: SharedArrayBuffer;
  private readonly cells: Int32Array;
  private readonly free: number[] = [];
  readonly capacity: number;

  constructor(bufferOrCapacity: SharedArrayBuffer | number) {
    this.buffer =
      typeof bufferOrCapacity === 'number'
        ? new SharedArrayBuffer(bufferOrCapacity * FIELDS * Int32Array.BYTES_PER_ELEMENT)
        : bufferOrCapacity;
    this.cells = new Int32Array(this.buffer);
    this.capacity = this.cells.length / FIELDS;
    for (let slot = this.capacity - 1; slot >= 0; slot--) this.free.push(slot);
  }

  /** Host side: a free slot, or -1 when every slot is running a hook. */
  claim(): number {
    const slot = this.free.pop();
    if (slot === undefined) return -1;
    Atomics.store(this.cells, slot * FIELDS + PGID, 0);
    Atomics.store(this.cells, slot * FIELDS + CANCELLED, 0);
    return slot;
  }

  /** Host side: the slot's task has settled. */
  release(slot: number): void {
    Atomics.store(this.cells, slot * FIELDS + PGID, 0);
    this.free.push(slot);
  }

  get available(): number {
    return this.free.length;
  }

  /** Host side: marks the slot cancelled; returns its live group, if one was recorded. */
  cancel(slot: number): number {
    Atomics.store(this.cells, slot * FIELDS + CANCELLED, 1);
    return Atomics.load(this.cells, slot * FIELDS + PGID);
  }

  /** Host side: the group recorded in a slot (0 for none). */
  groupOf(slot: number): number {
    return Atomics.load(this.cells, slot * FIELDS + PGID);
  }

  /** Worker side: records a spawned group; returns true when the slot was cancelled meanwhile. */
  recordGroup(slot: number, pgid: number): boolean {
    Atomics.store(this.cells, slot * FIELDS + PGID, pgid);
    return this.isCancelled(slot);
  }

  /** Worker side: the group is gone. */
  clearGroup(slot: number): void {
    Atomics.store(this.cells, slot * FIELDS + PGID, 0);
  }

  isCancelled(slot: number): boolean {
    return Atomics.load(this.cells, slot * FIELDS + CANCELLED) === 1;
  }

  /** Every group currently recorded, for a last sweep on close. */
  liveGroups(): number[] {
    const groups: number[] = [];
    for (let slot = 0; slot < this.capacity; slot++) {
      const pgid = Atomics.load(this.cells, slot * FIELDS + PGID);
      if (pgid > 0) groups.push(pgid);
    }
    return groups;
  }
}
