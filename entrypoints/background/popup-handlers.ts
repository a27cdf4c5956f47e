// The popup's own messages, each on the connection the popup shows: its snapshot (whether that connection
// is set up, a running create; instant), the two lookups that refresh what it shows (kept in the report
// store, which it reads itself), and the privacy chosen.
import { storage } from 'wxt/utils/storage';
import type { Result } from '@/lib/api/errors';
import type { Privacy, Report, ReportSummary } from '@/lib/api/types';
import type { ReportListQuery } from '@/lib/messaging/inputs';
import { RECENT_COUNT, type Cached } from '@/lib/messaging/protocol';
import { isSamePage, serviceHost, writtenAddress } from '@/lib/page-address';
import { recentView } from '@/lib/report-store';
import { summaryOf } from '@/lib/api/summary';
import type { ConnectionWork } from './connection-work';
import { handlerPart } from './router';
import { connectionGone, onWorkOf } from './service';
import type { ConnectionRef } from './settings/storage';
import { LAST_PRIVACY_KEY } from '@/lib/storage-keys';

/**
 * The privacy chosen last, so the popup starts there (Public at first). Never anything secret: no
 * password. Only 'popup.rememberPrivacy' writes it, with a privacy the router has checked.
 */
export const lastPrivacyItem = storage.defineItem<Privacy>(`local:${LAST_PRIVACY_KEY}`, {
  fallback: 0,
  version: 1,
});

export interface PopupHandlerDeps {
  /** The work of the connection a handle names (its service, store, creates), or null once it is gone. */
  workOn(
    ref: ConnectionRef,
  ): Promise<Pick<ConnectionWork, 'service' | 'store' | 'creates' | 'follow'> | null>;
  now(): number;
}

type Work = NonNullable<Awaited<ReturnType<PopupHandlerDeps['workOn']>>>;

// The search matches URLs containing the text, so other pages of the site come too: take a full page
// of them and match exactly here. The newest come first (sort by id). The text searched is the address
// cleaned the service's way ("example.com/pricing"): phpRank stores it so, and it is also part of a
// full address another server stores.
const PAGE_LOOKUP: ReportListQuery = { searchBy: 'url', sortBy: 'id', sort: 'desc', perPage: 100 };
const SITE_LOOKUP: ReportListQuery = { searchBy: 'url', sortBy: 'id', sort: 'desc', perPage: 25 };
const NEWEST: ReportListQuery = { sortBy: 'id', sort: 'desc', perPage: 10 };

export function createPopupHandlers(deps: PopupHandlerDeps) {
  async function list(query: ReportListQuery, work: Work): Promise<Result<ReportSummary[]>> {
    const answer = await work.service.listReports(query);
    return answer.ok ? { ok: true, data: answer.data.items.map(summaryOf) } : answer;
  }

  /** The newest report stored for `address` (or reached at it); null when there is none. */
  async function newestFor(address: string, work: Work): Promise<Result<ReportSummary | null>> {
    const search = writtenAddress(address) ?? address;
    const answer = await list({ ...PAGE_LOOKUP, search }, work);
    if (!answer.ok) return answer;
    const report = answer.data.find((item) => isSamePage(address, item.url, item.pageUrl)) ?? null;
    return { ok: true, data: report };
  }

  /** This page's report: stored under its address, or under the one a create for it was redirected to. */
  async function findPageReport(url: string, work: Work): Promise<Result<ReportSummary | null>> {
    const direct = await newestFor(url, work);
    if (!direct.ok || direct.data) return direct;
    const alias = await work.store.aliasOf(url);
    return alias ? newestFor(alias, work) : direct;
  }

  const onWork = onWorkOf(deps.workOn);

  return handlerPart({
    'popup.snapshot': async ({ connection, url }) => {
      const work = await deps.workOn(connection);
      const [lastPrivacy, create] = await Promise.all([
        lastPrivacyItem.getValue(),
        work && url ? work.creates.state(url) : null,
      ]);
      return { ok: true, data: { configured: work !== null, lastPrivacy, create } };
    },

    'popup.pageReport': onWork(async (work, { url }): Promise<Result<Cached<ReportSummary | null>>> => {
      const found = await findPageReport(url, work);
      if (!found.ok) return found;
      // Kept only while the connection is still this account (its space is gone otherwise).
      if (!(await work.service.alive())) return connectionGone(work.service.on);
      await work.store.pageFound(url, found.data);
      if (found.data) await work.follow(found.data);
      return { ok: true, data: { data: found.data, fetchedAt: deps.now() } };
    }),

    'popup.recentReports': onWork(async (work, { host }): Promise<Result<Cached<ReportSummary[]>>> => {
      const site = host ? serviceHost(host) : null;
      const answer = await list(site ? { ...SITE_LOOKUP, search: site } : NEWEST, work);
      if (!answer.ok) return answer;
      const ofSite = site ? answer.data.filter((item) => serviceHost(item.url) === site) : answer.data;
      const recent = ofSite.slice(0, RECENT_COUNT);
      if (!(await work.service.alive())) return connectionGone(work.service.on);
      await work.store.recentFound(recentView(host), recent);
      return { ok: true, data: { data: recent, fetchedAt: deps.now() } };
    }),

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
