/** Wakes the run's main loop when something happened (an answer settled, a stop), or after a timeout. */
export class Wakeup {
  private resolve: (() => void) | null = null;
  private pending = false;

  notify(): void {
    if (this.resolve) {
      const r = this.resolve;
      this.resolve = null;
      r();
    } else this.pending = true;
  }

  wait(ms: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.resolve = null;
        resolve();
      }, ms);
      this.resolve = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
