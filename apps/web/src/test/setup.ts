import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { unstable_IdlePriority, unstable_scheduleCallback } from 'scheduler';

// antd reads matchMedia (responsive observers) which jsdom does not provide.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

afterEach(async () => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  // React's scheduler runs queued work (passive effects, renders after a request's answer) on later
  // macrotasks, in chunks of a few milliseconds. Work still queued when a file's last test ends runs after
  // jsdom is torn down ("window is not defined", seen on a loaded CI machine). An idle-priority task runs
  // only once every task queued before it (and any they queue) has run: waiting for it drains the queue.
  await new Promise<void>((resolve) => unstable_scheduleCallback(unstable_IdlePriority, () => resolve()));
});
