import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useCountdown } from './useCountdown.ts';

afterEach(() => vi.useRealTimers());

describe('SMS resend countdown (docs/product.md §4, §9: 60 s)', () => {
  it('counts down once a second and ends at 0', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useCountdown());
    expect(result.current.left).toBe(0);
    act(() => result.current.start(60));
    expect(result.current.left).toBe(60);
    act(() => void vi.advanceTimersByTime(1000));
    expect(result.current.left).toBe(59);
    act(() => void vi.advanceTimersByTime(58_000));
    expect(result.current.left).toBe(1);
    act(() => void vi.advanceTimersByTime(1000));
    expect(result.current.left).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops its timer when unmounted (dialog switched or closed)', () => {
    vi.useFakeTimers();
    const { result, unmount } = renderHook(() => useCountdown());
    act(() => result.current.start(60));
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
