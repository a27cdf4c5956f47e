// Opens the popup in happy-dom with a scripted background: `send` is mocked per message type.
import { render } from '@testing-library/preact';
import { afterEach, vi } from 'vitest';
import { browser, type Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { apiError, type Result } from '@/lib/api/errors';
import type { Report, ReportId } from '@/lib/api/types';
import type { MessageInput, MessageOutput, MessageType } from '@/lib/messaging/protocol';
import { send } from '@/lib/messaging/send';
import { isGenerating } from '@/lib/report-state';
import { createFollower, type Follower } from '@/entrypoints/background/follower';
import { App } from '@/entrypoints/popup/App';
import { createPopupModel, type PopupModel } from '@/entrypoints/popup/popup-model';
import { failed, ok } from './fixtures';

export const sendMock = vi.mocked(send);

export type Answers = {
  [T in MessageType]?: (
    payload: MessageInput<T>,
  ) => Result<MessageOutput<T>> | Promise<Result<MessageOutput<T>>>;
};

export const PAGE_URL = 'https://example.com/page';

export const noCache: Answers = {
  'popup.snapshot': () =>
    ok({ configured: true, pageReport: null, recent: null, lastPrivacy: 0, create: null }),
  'popup.pageReport': () => ok({ data: null, fetchedAt: Date.now() }),
  'popup.recentReports': () => ok({ data: [], fetchedAt: Date.now() }),
  'popup.rememberPrivacy': () => ok(null),
};

const opened: PopupModel[] = [];
let follower: Follower | null = null;
/** The ids the background's follower read, in order (it asks the `reports.get` answer, as the real one does). */
export const followerReads: ReportId[] = [];
afterEach(async () => {
  for (const model of opened.splice(0)) model.dispose();
  await follower?.clear();
  follower = null;
});

/**
 * The background's part in following: the real follower (lib/following's storage, fake timers drive
 * it), told of every report a message hands out, as popup-support's trackReportChanges tells it.
 */
function startFollower(all: Answers) {
  followerReads.length = 0;
  follower = createFollower({
    getReport: async (id) => {
      followerReads.push(id);
      const read = all['reports.get'];
      return read ? read({ id }) : failed(apiError('unexpected'));
    },
    onSettled: async () => {},
    alarms: browser.alarms,
    now: () => Date.now(),
  });
  const following = follower;
  return async (type: MessageType, payload: unknown, answer: unknown) => {
    const result = answer as Result<unknown>;
    const report = !result.ok
      ? null
      : type === 'popup.pageReport'
        ? (result.data as { data: Report | null }).data
        : ['reports.create', 'reports.update', 'reports.get'].includes(type)
          ? (result.data as Report)
          : null;
    if (report && isGenerating(report, Date.now())) {
      const regenerate =
        type === 'reports.update' && (payload as { regenerate?: boolean }).regenerate === true;
      await following.track(report, { restart: regenerate });
    } else if (report) {
      await following.settle(report);
    } else if (!result.ok && result.error.kind === 'not_found' && type === 'reports.get') {
      await following.forget((payload as { id: ReportId }).id, result.error);
    }
  };
}

/** Opens the popup on a tab showing `url`, with the background answering as `answers` says. */
export function openPopup(answers: Answers = {}, url: string | undefined = PAGE_URL) {
  fakeBrowser.reset();
  const all: Answers = { ...noCache, ...answers };
  sendMock.mockReset();
  const follow = startFollower(all);
  sendMock.mockImplementation((async (type: MessageType, payload: never) => {
    const answer = all[type] as ((payload: never) => unknown) | undefined;
    if (!answer) throw new Error(`The test did not expect ${type}`);
    const result = await answer(payload);
    await follow(type, payload, result);
    return result;
  }) as typeof send);
  const tab = { url } as Browser.tabs.Tab;
  vi.spyOn(browser.tabs, 'query').mockImplementation((async () => [tab]) as never);
  const createTab = vi.spyOn(browser.tabs, 'create');
  const closeWindow = vi.spyOn(window, 'close').mockImplementation(() => {});
  const model = createPopupModel();
  opened.push(model);
  const view = render(<App model={model} />);
  const started = model.start();
  return { model, view, started, createTab, closeWindow };
}

/** The calls of one message type, in order. */
export function sent<T extends MessageType>(type: T): MessageInput<T>[] {
  return sendMock.mock.calls.filter(([t]) => t === type).map(([, payload]) => payload as MessageInput<T>);
}

/** A promise the test settles when it chooses. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

export const OPTIONS_PAGE = 'chrome-extension://test-extension-id/options.html';
