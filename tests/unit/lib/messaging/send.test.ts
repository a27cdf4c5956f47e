// A message whose answer was lost: a write may have been done all the same, so it is not offered again.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from '@/lib/page-browser';
import { send } from '@/lib/messaging/send';

afterEach(() => vi.restoreAllMocks());

describe('send when the background does not answer', () => {
  it('marks a lost write as not safe to send again, and leaves a lost read as it is', async () => {
    vi.spyOn(browser.runtime, 'sendMessage').mockRejectedValue(new Error('The message port closed.'));
    const created = await send('reports.create', { url: 'https://example.com/' });
    const regenerated = await send('reports.update', { id: 1, regenerate: true });
    const listed = await send('reports.list', {});
    expect(created).toMatchObject({ ok: false, error: { kind: 'unexpected', retrySafe: false } });
    expect(regenerated).toMatchObject({ ok: false, error: { retrySafe: false } });
    expect(listed.ok || listed.error.retrySafe).toBe(undefined);
  });

  it('says so for a background that answered nothing too', async () => {
    vi.spyOn(browser.runtime, 'sendMessage').mockResolvedValue(undefined);
    expect(await send('reports.create', { url: 'https://example.com/' })).toMatchObject({
      ok: false,
      error: { retrySafe: false },
    });
  });
});
