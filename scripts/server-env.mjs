// The environment the server process starts with (docs/decisions/0113): the C allocator's settings, under what the
// operator set. `npm start` (scripts/start.mjs) and the benchmarks (bench/run-all.ts) start the server process
// with them; deploy/zs-standards.env.example carries the same lines for systemd.

/**
 * glibc's malloc serves allocations of this size and larger with their own mapping and gives it back when freed. By
 * default the threshold rises to the largest block freed so far (up to 32 MB), after which large blocks come from
 * the heap and their pages stay with the process once freed: the title index's build and the searches' large
 * buffers left 60–120 MB more RSS at 5,000,000 records. Setting the threshold fixes it (and turns the rise off).
 */
export const ALLOCATOR_ENV = {
  MALLOC_MMAP_THRESHOLD_: '131072',
  // Free pages at the top of the heap beyond this are returned too (by default twice the risen threshold).
  MALLOC_TRIM_THRESHOLD_: '262144',
};

/** `env` with the allocator settings added where it does not set them itself. */
export function serverEnv(env) {
  return { ...ALLOCATOR_ENV, ...env };
}
