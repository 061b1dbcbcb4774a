import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

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
  // React's scheduler runs queued work on a later macrotask (setImmediate). A test that ends while a
  // request's answer is still being rendered would leave that work to run after jsdom is torn down
  // ("window is not defined", seen on a loaded CI machine); one macrotask turn lets it run here first.
  await new Promise((resolve) => setTimeout(resolve, 0));
});
