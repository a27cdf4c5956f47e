import { describe, expect, it, vi } from 'vitest';
import { batch, onStateChange, signal } from '@/entrypoints/popup/state';

describe('popup state', () => {
  it('tells its listeners of a new value, not of the same one', () => {
    const listener = vi.fn();
    const stop = onStateChange(listener);
    const value = signal(1);
    value.value = 1;
    expect(listener).not.toHaveBeenCalled();
    value.value = 2;
    expect(value.value).toBe(2);
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    value.value = 3;
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('says a batch’s changes once, at its end, also when nested', () => {
    const heard: number[] = [];
    const a = signal(0);
    const b = signal(0);
    const stop = onStateChange(() => heard.push(a.value + b.value));
    const result = batch(() => {
      a.value = 1;
      batch(() => (b.value = 2));
      expect(heard).toEqual([]);
      return 'done';
    });
    expect(result).toBe('done');
    expect(heard).toEqual([3]);
    batch(() => (a.value = 1));
    expect(heard).toEqual([3]);
    stop();
  });
});
