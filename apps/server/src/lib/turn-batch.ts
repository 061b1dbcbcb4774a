/**
 * Work asked for in one turn of the event loop, done together by one call once the turn's other callbacks have run
 * (setImmediate). Under load the requests waiting for one read are handled one after another in the same turn; each
 * database statement costs this thread a socket write that wakes the database's process, which on two-core virtual
 * machines took a third of the thread's time when every request sent its own (decisions/0127). A lone request waits
 * for nothing but that turn.
 *
 * `run` gets the items of a batch in the order they were added and returns one result per item, in that order. A batch
 * holds items of total size at most `maxSize` (`sizeOf`, 1 each by default); an item that would pass it starts
 * another batch.
 */
export class TurnBatch<T, R> {
  private open?: { items: T[]; size: number; results: Promise<R[]> };
  /** Calls of `run` (one per batch), and the items they were given. */
  runs = 0;
  items = 0;

  constructor(
    private readonly run: (items: T[]) => Promise<R[]>,
    private readonly maxSize: number,
    private readonly sizeOf: (item: T) => number = () => 1,
  ) {}

  async add(item: T): Promise<R> {
    this.items++;
    const size = this.sizeOf(item);
    let b = this.open;
    if (!b || b.size + size > this.maxSize) {
      const items: T[] = [];
      const results = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        if (this.open?.items === items) this.open = undefined;
        this.runs++;
        return this.run(items);
      });
      this.open = b = { items, size: 0, results };
    }
    const at = b.items.push(item) - 1;
    b.size += size;
    return (await b.results)[at]!;
  }
}
