import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useFleetingState } from './useFleetingState';

describe('useFleetingState', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hides a notice 6 s after it is shown', () => {
    const { result } = renderHook(() => useFleetingState<string>());
    act(() => result.current[1]('Login failed'));
    act(() => vi.advanceTimersByTime(5999));
    expect(result.current[0]).toBe('Login failed');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current[0]).toBeNull();
  });

  it('shows the same text again for the full time when it is set again', () => {
    const { result } = renderHook(() => useFleetingState<string>());
    act(() => result.current[1]('Login failed'));
    act(() => vi.advanceTimersByTime(4000));
    act(() => result.current[1]('Login failed'));
    act(() => vi.advanceTimersByTime(4000));
    expect(result.current[0]).toBe('Login failed');
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current[0]).toBeNull();
  });
});
