// The messages served by a connection's work (./connection-work.ts): the popup's snapshot and lookups
// (kept in the report store, which the popup reads itself), the bulk job, the site reads and the history.
import { storage } from 'wxt/utils/storage';
import type { Result } from '@/lib/api/errors';
import type { Privacy, Report } from '@/lib/api/types';
import type { Cached, MessageInput } from '@/lib/messaging/protocol';
import { recentView } from '@/lib/report-store';
import { LAST_PRIVACY_KEY } from '@/lib/storage-keys';
import type { ConnectionWork } from './connection-work';
import { handlerPart, type Handlers } from './router';
import { connectionGone } from './service';
import type { ConnectionRef } from './settings/storage';

/** The privacy chosen last, so the popup starts there (Public at first). Never a password. */
export const lastPrivacyItem = storage.defineItem<Privacy>(`local:${LAST_PRIVACY_KEY}`, {
  fallback: 0,
  version: 1,
});

type Work = Pick<ConnectionWork, 'service' | 'store' | 'creates' | 'follow' | 'bulk' | 'sites' | 'history'>;

export interface PopupHandlerDeps {
  /** The work of the connection a handle names, or null once it is gone. */
  workOn(ref: ConnectionRef): Promise<Work | null>;
  now(): number;
}

// The jobs' own handlers, each given the payload as the router checked it.
const JOB_MESSAGES = [
  'bulk.start',
  'bulk.stop',
  'bulk.retryFailed',
  'bulk.dismiss',
  'site.read',
  'site.stop',
  'site.pages',
] as const;

export function createPopupHandlers(deps: PopupHandlerDeps) {
  /** A message for the work of the connection it names, or its refusal once that connection is gone. */
  const onWork =
    <I extends { connection: ConnectionRef }, O>(act: (work: Work, input: I) => Promise<Result<O>>) =>
    async (input: I): Promise<Result<O>> => {
      const work = await deps.workOn(input.connection);
      return work ? act(work, input) : connectionGone(input.connection);
    };

  /** Kept only while the connection is still this account (its space is gone otherwise). */
  async function kept<T>(
    work: Work,
    answer: Result<T>,
    keep: (data: T) => Promise<void>,
  ): Promise<Result<Cached<T>>> {
    if (!answer.ok) return answer;
    if (!(await work.service.alive())) return connectionGone(work.service.on);
    await keep(answer.data);
    return { ok: true, data: { data: answer.data, fetchedAt: deps.now() } };
  }

  const jobs = Object.fromEntries(
    JOB_MESSAGES.map((type) => [
      type,
      onWork((work, input: MessageInput<typeof type>) =>
        ({ ...work.bulk.handlers, ...work.sites.handlers })[type](input as never),
      ),
    ]),
  ) as Pick<Handlers, (typeof JOB_MESSAGES)[number]>;

  return handlerPart({
    ...jobs,
    'history.clear': onWork(async (work) => {
      await work.history.clear();
      return { ok: true, data: null };
    }),

    'popup.snapshot': async ({ connection, url }) => {
      const work = await deps.workOn(connection);
      const [lastPrivacy, create] = await Promise.all([
        lastPrivacyItem.getValue(),
        work && url ? work.creates.state(url) : null,
      ]);
      return { ok: true, data: { configured: work !== null, lastPrivacy, create } };
    },

    'popup.pageReport': onWork(async (work, { url }) =>
      kept(work, await work.service.pageReport(url, work.store.aliasOf), async (report) => {
        await work.store.pageFound(url, report);
        if (report) await work.follow(report);
      }),
    ),

    'popup.recentReports': onWork(async (work, { host }) =>
      kept(work, await work.service.recentReports(host), (recent) =>
        work.store.recentFound(recentView(host), recent),
      ),
    ),

    'popup.awaitCreate': onWork(
      async (work, { url }): Promise<Result<Report | null>> =>
        (await work.creates.wait(url)) ?? { ok: true, data: null },
    ),

    'popup.forgetCreate': onWork(async (work, { url }) => {
      await work.creates.dismiss(url);
      return { ok: true, data: null };
    }),

    'popup.rememberPrivacy': async ({ privacy }) => {
      await lastPrivacyItem.setValue(privacy);
      return { ok: true, data: null };
    },
  });
}
