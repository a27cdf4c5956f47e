// The side panel disposes a page's model when another tab shows, maybe while that model is still starting
// or its create still runs.
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { apiError } from '@/entrypoints/background/error-messages';
import { createPopupModel } from '@/entrypoints/popup/popup-model';
import type { Result } from '@/lib/api/errors';
import type { Report } from '@/lib/api/types';
import { watchFollowed } from '@/lib/following';
import { send } from '@/lib/messaging/send';
import { checkPage } from '@/lib/page-url';
import { failed, ok } from './fixtures';

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

describe('a popup model disposed while its create runs', () => {
  it('neither dismisses the failure the background keeps for the next view of the page nor looks again', async () => {
    fakeBrowser.reset();
    let answerCreate!: (answer: Result<Report>) => void;
    vi.mocked(send).mockImplementation((async (type: string) => {
      if (type === 'popup.snapshot') return ok({ configured: true, lastPrivacy: 0, create: null });
      if (type === 'popup.pageReport') return ok({ data: null, fetchedAt: Date.now() });
      if (type === 'popup.recentReports') return ok({ data: [], fetchedAt: Date.now() });
      if (type === 'reports.create') return new Promise((resolve) => (answerCreate = resolve));
      throw new Error(`The test did not expect ${type}`);
    }) as never);
    const model = createPopupModel({ page: checkPage('https://example.com/page'), freshForMs: 0 });
    await model.start();
    const creating = model.create();
    await vi.waitFor(() => expect(answerCreate).toBeDefined());
    // The person switched tabs: the side panel disposed this page's model.
    model.dispose();
    vi.mocked(send).mockClear();
    answerCreate(failed(apiError('timeout', { retrySafe: false })));
    await creating;
    expect(vi.mocked(send)).not.toHaveBeenCalled();
  });
});

describe('a popup model disposed while its create waits for the page’s lookup', () => {
  it('sends no create for the page no longer shown', async () => {
    fakeBrowser.reset();
    let answerLookup!: (answer: Result<unknown>) => void;
    vi.mocked(send).mockImplementation((async (type: string) => {
      if (type === 'popup.snapshot') return ok({ configured: true, lastPrivacy: 0, create: null });
      if (type === 'popup.pageReport') return new Promise((resolve) => (answerLookup = resolve));
      if (type === 'popup.recentReports') return ok({ data: [], fetchedAt: Date.now() });
      return ok(null);
    }) as never);
    const model = createPopupModel({ page: checkPage('https://example.com/page'), freshForMs: 0 });
    void model.start();
    await vi.waitFor(() => expect(answerLookup).toBeDefined());
    const creating = model.create();
    // The person switched tabs while the page was being looked up.
    model.dispose();
    answerLookup(ok({ data: null, fetchedAt: Date.now() }));
    await creating;
    expect(vi.mocked(send).mock.calls.map(([type]) => type)).not.toContain('reports.create');
  });
});
