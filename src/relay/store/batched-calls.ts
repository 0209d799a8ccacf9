/**
 * Calls that arrive while one is on its way to the database wait and go together in the next: one
 * statement for many requests' reads (cache rows, key rows) instead of one each. Each statement is a
 * socket write that wakes a PostgreSQL backend; with 20 analysts at once on 2 cores, one per
 * request was the relay's largest single cost (docs/PERFORMANCE.md, relay). Same shape as the
 * audit journal's group commit, for statements that need no ordering among themselves.
 */

export interface BatchedCallsOptions {
  /** One statement carries at most this many calls; the next takes the rest at once. */
  maxBatch?: number;
}

interface Waiting<In, Out> {
  input: In;
  resolve: (out: Out) => void;
  reject: (error: unknown) => void;
}

export class BatchedCalls<In, Out> {
  private waiting: Waiting<In, Out>[] = [];
  private running = false;
  private readonly maxBatch: number;

  /** `run` answers every input of a batch, in the order given. */
  constructor(
    private readonly run: (inputs: In[]) => Promise<Out[]>,
    options: BatchedCallsOptions = {},
  ) {
    this.maxBatch = options.maxBatch ?? 200;
  }

  call(input: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.waiting.length > 0) {
        const batch = this.take();
        try {
          const outs = await this.run(batch.map((w) => w.input));
          batch.forEach((w, i) => w.resolve(outs[i]));
        } catch (error) {
          for (const w of batch) w.reject(error);
        }
      }
    } finally {
      this.running = false;
    }
  }

  /** The next batch: up to maxBatch calls in arrival order; the rest keep their places. */
  private take(): Waiting<In, Out>[] {
    return this.waiting.splice(0, this.maxBatch);
  }
}
