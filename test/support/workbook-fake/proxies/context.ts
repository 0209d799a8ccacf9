/**
 * Client-side proxies with Office.js's batching rules:
 * - property writes and method calls are queued and reach the workbook only at context.sync();
 * - load() queues a read that executes in batch order (a load queued before a write sees the
 *   old value) and becomes readable only after that sync succeeds;
 * - reading a property that was neither loaded nor set throws PropertyNotLoaded (a set
 *   property reads back what was set, as Office.js keeps the assigned value on the proxy);
 * - getItem on a missing item fails at the sync that uses it (ItemNotFound);
 *   *OrNullObject answers isNullObject after the next sync.
 */
import type { WorkbookModel } from '../model';
import { FakeWorkbook } from './workbook';

export interface OpResult {
  /** Runs after the whole batch succeeded: makes loaded values readable. */
  commit?: () => void;
  /** Size of what the op returns, counted against the response limit. */
  responseBytes?: number;
}

export interface QueuedOp {
  payload: Record<string, unknown>;
  run(): OpResult | void;
}

export interface BatchHost {
  readonly model: WorkbookModel;
  executeBatch(ops: QueuedOp[]): void;
  /** Resolves when a batch may run; rejects when cell-edit mode refuses it (see WorkbookFake). */
  cellEditGate(delayForCellEdit: boolean, ops?: readonly QueuedOp[]): Promise<void>;
}

export class FakeRequestContext {
  readonly workbook: FakeWorkbook;
  /** Pending operations; read by the fake to count what Excel.run dropped. */
  queue: QueuedOp[] = [];
  readonly trackedObjects = { add: (): void => undefined, remove: (): void => undefined };

  constructor(
    readonly host: BatchHost,
    /** Excel.run's RunOptions.delayForCellEdit for the batch this context belongs to. */
    readonly delayForCellEdit = false,
  ) {
    this.workbook = new FakeWorkbook(this);
  }

  enqueue(op: QueuedOp): void {
    this.queue.push(op);
  }

  async sync(): Promise<void> {
    const ops = this.queue;
    this.queue = [];
    // A real sync is a round trip: nothing is applied before the caller awaits.
    await Promise.resolve();
    if (ops.length > 0) await this.host.cellEditGate(this.delayForCellEdit, ops);
    this.host.executeBatch(ops);
  }
}
