import { describe, expect, it, vi } from 'vitest';
import { createSerialUpdates } from '@/entrypoints/background/serial-update';

describe('createSerialUpdates', () => {
  it('runs each update after the one before has ended', async () => {
    const run = createSerialUpdates();
    const steps: string[] = [];
    let release!: () => void;
    const first = run(async () => {
      steps.push('first started');
      await new Promise<void>((resolve) => (release = resolve));
      steps.push('first ended');
      return 1;
    });
    const second = run(async () => {
      steps.push('second started');
      return 2;
    });
    await vi.waitFor(() => expect(steps).toEqual(['first started']));
    release();
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(steps).toEqual(['first started', 'first ended', 'second started']);
  });

  it('rejects its caller with a failure, and still runs the next update', async () => {
    const run = createSerialUpdates();
    const cause = new Error('storage full');
    await expect(run(async () => Promise.reject(cause))).rejects.toBe(cause);
    expect(await run(async () => 'next')).toBe('next');
  });
});
