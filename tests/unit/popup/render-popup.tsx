// Opens the popup in happy-dom with a scripted background: `send` is mocked per message type.
import { render } from '@testing-library/preact';
import { afterEach, vi } from 'vitest';
import { browser, type Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { budgets } from '@/entrypoints/background/storage-budget';
import { createReportStore, type ReportStore } from '@/lib/report-store';
import { ACTIVE_CONNECTION_KEY } from '@/lib/storage-keys';
import type { Result } from '@/lib/api/errors';
import type { ReportId } from '@/lib/api/types';
import type { PageInput, MessageOutput, MessageType } from '@/lib/messaging/protocol';
import { send } from '@/lib/messaging/send';
import { App } from '@/entrypoints/popup/App';
import { createPopupModel, type PopupModel } from '@/entrypoints/popup/popup-model';
import { startFakeFollower } from '../fake-follower';
import { ok } from './fixtures';

export const sendMock = vi.mocked(send);

export type Answers = {
  [T in MessageType]?: (
    payload: PageInput<T>,
  ) => Result<MessageOutput<T>> | Promise<Result<MessageOutput<T>>>;
};

export const PAGE_URL = 'https://example.com/page';
/** The window of the tab the popup opens on. */
export const WINDOW_ID = 7;

export const noCache: Answers = {
  'popup.snapshot': () => ok({ configured: true, lastPrivacy: 0, create: null }),
  'popup.pageReport': () => ok({ data: null, fetchedAt: Date.now() }),
  'popup.recentReports': () => ok({ data: [], fetchedAt: Date.now() }),
  'popup.rememberPrivacy': () => ok(null),
  // One connection: the header's switcher stays hidden.
  'settings.get': () =>
    ok({ baseUrl: 'https://r.example', keySet: true, keyLastFour: null, hostPermission: true }),
};

const opened: PopupModel[] = [];
/** The ids the background's follower read, in order (it asks the `reports.get` answer, as the real one does). */
export const followerReads: ReportId[] = [];
afterEach(() => {
  for (const model of opened.splice(0)) model.dispose();
});

/**
 * Opens the popup on a tab showing `url`, with the background answering as `answers` says, and
 * storage.session holding `session` (the background's report store, say: storedBy) when given; the tab is in
 * window `windowId`.
 */
export function openPopup(
  answers: Answers = {},
  url: string | undefined = PAGE_URL,
  session?: Record<string, unknown>,
  windowId: number | null = WINDOW_ID,
) {
  fakeBrowser.reset();
  if (session) void fakeBrowser.storage.session.set(session);
  const all: Answers = { ...noCache, ...answers };
  sendMock.mockReset();
  followerReads.length = 0;
  const follower = startFakeFollower(all['reports.get'], followerReads);
  sendMock.mockImplementation((async (type: MessageType, payload: never) => {
    const answer = all[type] as ((payload: never) => unknown) | undefined;
    if (!answer) throw new Error(`The test did not expect ${type}`);
    const result = await answer(payload);
    await follower.afterAnswer(type, payload, result as Result<unknown>);
    return result;
  }) as typeof send);
  const tab = { url, windowId: windowId ?? undefined } as Browser.tabs.Tab;
  vi.spyOn(browser.tabs, 'query').mockImplementation((async () => [tab]) as never);
  const createTab = vi.spyOn(browser.tabs, 'create');
  const closeWindow = vi.spyOn(window, 'close').mockImplementation(() => {});
  const model = createPopupModel();
  opened.push(model);
  const view = render(<App model={model} />);
  const started = model.start();
  return { model, view, started, createTab, closeWindow };
}

/**
 * storage.session as the background's own store writer leaves it once `write` ran, every copy seen `at`
 * (connection 'a' active): what a popup opened then paints before the background answers.
 */
export async function storedBy(write: (store: ReportStore) => Promise<void>, at = Date.now()) {
  fakeBrowser.reset();
  await fakeBrowser.storage.session.set({ [ACTIVE_CONNECTION_KEY]: 'a' });
  await write(createReportStore('a', budgets.session, () => at));
  return fakeBrowser.storage.session.get(null);
}

/** The calls of one message type, in order. */
export function sent<T extends MessageType>(type: T): PageInput<T>[] {
  return sendMock.mock.calls.filter(([t]) => t === type).map(([, payload]) => payload as PageInput<T>);
}

/** A promise the test settles when it chooses. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

export const OPTIONS_PAGE = 'chrome-extension://test-extension-id/options.html';
