/**
 * PGlite runs one statement at a time for the whole process (decisions/0096). This gate orders who goes next:
 * requests before background jobs (alert fan-out, digests, the outbox worker, the title index build).
 * - A statement of a request goes before any waiting statement of a job.
 * - A job's statement also waits while a request is in flight between two of its statements (a search's few
 *   statements run one after another with JavaScript between them; a job grabbing the connection in each gap would
 *   make the search wait for one job statement per statement of its own).
 * - A job's statement that has waited MAX_BACKGROUND_WAIT_MS goes next anyway: a steady stream of requests slows the
 *   jobs down but never stops them.
 */
export const MAX_BACKGROUND_WAIT_MS = 50;

interface Waiter {
  since: number;
  go: () => void;
}

export class PriorityGate {
  private busy = false;
  private requests = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly fore: Waiter[] = [];
  private readonly back: Waiter[] = [];

  async run<T>(background: boolean, fn: () => Promise<T>): Promise<T> {
    await new Promise<void>((go) => {
      (background ? this.back : this.fore).push({ since: performance.now(), go });
      this.dispatch();
    });
    try {
      return await fn();
    } finally {
      this.busy = false;
      this.dispatch();
    }
  }

  /** A request began (HTTP); the returned function ends it (once). */
  beginRequest(): () => void {
    this.requests += 1;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.requests -= 1;
      this.dispatch();
    };
  }

  get requestsInFlight() {
    return this.requests;
  }

  /** Statements waiting at the gate (tests). */
  get waiting() {
    return { fore: this.fore.length, back: this.back.length };
  }

  /** Lets the next statement in when the connection is free: a request's first, then a job's when allowed. */
  private dispatch() {
    if (this.busy) return;
    const oldest = this.back[0];
    const waited = oldest ? performance.now() - oldest.since : 0;
    const late = waited >= MAX_BACKGROUND_WAIT_MS;
    let w: Waiter | undefined;
    if (this.fore.length && !late) w = this.fore.shift();
    else if (oldest && (late || this.requests === 0)) w = this.back.shift();
    if (w) {
      this.busy = true;
      w.go();
      return;
    }
    // A job waits for the requests in flight: look again when it turns late (a request's end looks sooner).
    if (oldest && !this.timer) {
      this.timer = setTimeout(
        () => {
          this.timer = undefined;
          this.dispatch();
        },
        Math.max(1, MAX_BACKGROUND_WAIT_MS - waited),
      );
      this.timer.unref();
    }
  }
}
