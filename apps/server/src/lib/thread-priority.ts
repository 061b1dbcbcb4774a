import fs from 'node:fs';
import os from 'node:os';

/**
 * Lowers the scheduling priority of the calling thread only (not the process): on Linux a thread has its own
 * nice value, set through its thread id, which `/proc/thread-self` names (`<pid>/task/<tid>`). Background work
 * on worker threads (the document check's readers) then yields a busy core to the request thread, which keeps
 * serving searches while documents are read (docs/decisions/0102). A thread already niced further is left as it
 * is. Returns the thread's nice value, or null where this cannot be done (not Linux, no /proc, not allowed): the
 * thread then runs at the process's priority, as before.
 */
export function lowerThreadPriority(nice: number): number | null {
  try {
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0 || tid === process.pid) return null;
    if (os.getPriority(tid) < nice) os.setPriority(tid, nice);
    return os.getPriority(tid);
  } catch {
    return null;
  }
}
