/**
 * Typed arrays over SharedArrayBuffers: the title index's lists, ids and flags are read by the partial-ranking thread
 * as well (modules/standards/search/partial-thread.ts, ADR 0126), and only shared memory reaches a thread without a
 * copy.
 */
export const sharedInt32 = (n: number) => new Int32Array(new SharedArrayBuffer(n * 4));
export const sharedUint32 = (n: number) => new Uint32Array(new SharedArrayBuffer(n * 4));
export const sharedUint8 = (n: number) => new Uint8Array(new SharedArrayBuffer(n));

/** `a` itself when its memory is shared already, else a shared copy. */
export function shared<T extends Int32Array | Uint32Array | Uint8Array>(a: T): T {
  if (a.buffer instanceof SharedArrayBuffer) return a;
  const copy = new (a.constructor as new (b: SharedArrayBuffer) => T)(new SharedArrayBuffer(a.byteLength));
  copy.set(a);
  return copy;
}
