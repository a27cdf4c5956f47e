// The side panel disposes a page's model when another tab shows, maybe while that model is still starting.
import { describe, expect, it, vi } from 'vitest';
import { send } from '@/lib/messaging/send';
import { createPopupModel, defaultEnvironment, type CurrentTab } from '@/entrypoints/popup/popup-model';

vi.mock('@/lib/messaging/send', () => ({ send: vi.fn() }));

describe('a popup model disposed while it starts', () => {
  it('watches nothing and asks the background nothing once its reads come back', async () => {
    let tabRead: (tab: CurrentTab) => void = () => {};
    const watchFollowed = vi.fn(() => () => {});
    const model = createPopupModel({
      ...defaultEnvironment,
      readCurrentTab: () => new Promise((resolve) => (tabRead = resolve)),
      store: () => ({ pageReport: async () => null, recent: async () => null }),
      openSidePanel: null,
      watchFollowed,
    });
    const started = model.start();
    model.dispose();
    tabRead({ page: { reportable: false, reason: 'not-web' } as never, windowId: 1 });
    await started;
    expect(watchFollowed).not.toHaveBeenCalled();
    expect(vi.mocked(send)).not.toHaveBeenCalled();
  });
});
