// The side panel disposes a page's model when another tab shows, maybe while that model is still starting.
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createPopupModel } from '@/entrypoints/popup/popup-model';
import { watchFollowed } from '@/lib/following';
import { send } from '@/lib/messaging/send';
import { checkPage } from '@/lib/page-url';

vi.mock('@/lib/messaging/send', () => ({ send: vi.fn() }));
vi.mock('@/lib/following', async (original) => ({
  ...(await original<typeof import('@/lib/following')>()),
  watchFollowed: vi.fn(() => () => {}),
}));

describe('a popup model disposed while it starts', () => {
  it('watches nothing and asks the background nothing once its reads come back', async () => {
    fakeBrowser.reset();
    const model = createPopupModel({ page: checkPage('https://example.com/'), freshForMs: 0 });
    const started = model.start();
    model.dispose();
    await started;
    expect(vi.mocked(watchFollowed)).not.toHaveBeenCalled();
    expect(vi.mocked(send)).not.toHaveBeenCalled();
  });
});
