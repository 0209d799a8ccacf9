/**
 * At most `size` requests on the wire at once: acquire() waits for a free slot, in the order
 * asked, and release() hands it to the next in line.
 */
export class RequestSlots {
  private active = 0;
  private readonly queue: (() => void)[] = [];

  constructor(private readonly size: number) {}

  async acquire(): Promise<void> {
    if (this.active < this.size) {
      this.active++;
      return;
    }
    await new Promise<void>((resolve) => this.queue.push(resolve));
  }

  release(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.active--;
  }
}
