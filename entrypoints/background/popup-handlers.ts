// The popup's own messages: its snapshot (settings and a running create, instant), the two lookups that
// refresh what it shows (kept in the report store, which it reads itself), and the privacy chosen.
import { storage } from 'wxt/utils/storage';
import type { Result } from '@/lib/api/errors';
import type { Privacy, ReportSummary } from '@/lib/api/types';
import type { ReportListQuery } from '@/lib/messaging/inputs';
import { RECENT_COUNT, type PopupMessageType } from '@/lib/messaging/protocol';
import { isSamePage, serviceHost, writtenAddress } from '@/lib/page-address';
import { recentView } from '@/lib/report-store';
import type { ConnectionWork } from './connection-work';
import { SWITCHED_MEANWHILE } from './handlers';
import type { CoreHandlers, HandlerMap } from './router';
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
  isConfigured(): Promise<boolean>;
  /** The core `reports.list` handler: it brings the settings, the permission check and the errors. */
  listReports: CoreHandlers['reports.list'];
  /** The active connection's work: its store, creates; the follower follows what is found. */
  active(): Promise<Pick<ConnectionWork, 'ref' | 'store' | 'creates' | 'follow'>>;
  /** Whether `ref` is still the active connection: an answer that came after a switch is not shown. */
  stillActive(ref: ConnectionRef): Promise<boolean>;
  now(): number;
}

// The search matches URLs containing the text, so other pages of the site come too: take a full page
// of them and match exactly here. The newest come first (sort by id). The text searched is the address
// cleaned the service's way ("example.com/pricing"): phpRank stores it so, and it is also part of a
// full address another server stores.
const PAGE_LOOKUP: ReportListQuery = { searchBy: 'url', sortBy: 'id', sort: 'desc', perPage: 100 };
const SITE_LOOKUP: ReportListQuery = { searchBy: 'url', sortBy: 'id', sort: 'desc', perPage: 25 };
const NEWEST: ReportListQuery = { sortBy: 'id', sort: 'desc', perPage: 10 };

export function createPopupHandlers(deps: PopupHandlerDeps): HandlerMap<PopupMessageType> {
  async function list(query: ReportListQuery, on: ConnectionRef): Promise<Result<ReportSummary[]>> {
    const answer = await deps.listReports(query, false, on);
    return answer.ok ? { ok: true, data: answer.data.items } : answer;
  }

  /** The newest report stored for `address` (or reached at it); null when there is none. */
  async function newestFor(address: string, on: ConnectionRef): Promise<Result<ReportSummary | null>> {
    const search = writtenAddress(address) ?? address;
    const answer = await list({ ...PAGE_LOOKUP, search }, on);
    if (!answer.ok) return answer;
    const report = answer.data.find((item) => isSamePage(address, item.url, item.pageUrl)) ?? null;
    return { ok: true, data: report };
  }

  /** This page's report: stored under its address, or under the one a create for it was redirected to. */
  async function findPageReport(
    url: string,
    work: Awaited<ReturnType<PopupHandlerDeps['active']>>,
  ): Promise<Result<ReportSummary | null>> {
    const direct = await newestFor(url, work.ref);
    if (!direct.ok || direct.data) return direct;
    const alias = await work.store.aliasOf(url);
    return alias ? newestFor(alias, work.ref) : direct;
  }

  /** Kept in the asking connection's snapshot; shown only while it is still the active one. */
  async function answered<T>(
    on: ConnectionRef,
    answer: T,
  ): Promise<T | ReturnType<typeof SWITCHED_MEANWHILE>> {
    return (await deps.stillActive(on)) ? answer : SWITCHED_MEANWHILE();
  }

  return {
    'popup.snapshot': async ({ url }) => {
      const work = await deps.active();
      const [configured, lastPrivacy, create] = await Promise.all([
        deps.isConfigured(),
        lastPrivacyItem.getValue(),
        url ? work.creates.state(url) : null,
      ]);
      return { ok: true, data: { configured, lastPrivacy, create } };
    },

    'popup.pageReport': async ({ url }) => {
      const work = await deps.active();
      const found = await findPageReport(url, work);
      if (!found.ok) return answered(work.ref, found);
      await work.store.pageFound(url, found.data);
      if (found.data) await work.follow(found.data);
      return answered(work.ref, { ok: true as const, data: { data: found.data, fetchedAt: deps.now() } });
    },

    'popup.recentReports': async ({ host }) => {
      const work = await deps.active();
      const site = host ? serviceHost(host) : null;
      const answer = await list(site ? { ...SITE_LOOKUP, search: site } : NEWEST, work.ref);
      if (!answer.ok) return answered(work.ref, answer);
      const ofSite = site ? answer.data.filter((item) => serviceHost(item.url) === site) : answer.data;
      const recent = ofSite.slice(0, RECENT_COUNT);
      await work.store.recentFound(recentView(host), recent);
      return answered(work.ref, { ok: true as const, data: { data: recent, fetchedAt: deps.now() } });
    },

    'popup.awaitCreate': async ({ url }) =>
      (await (await deps.active()).creates.wait(url)) ?? { ok: true, data: null },

    'popup.forgetCreate': async ({ url }) => {
      await (await deps.active()).creates.dismiss(url);
      return { ok: true, data: null };
    },

    'popup.rememberPrivacy': async ({ privacy }) => {
      await lastPrivacyItem.setValue(privacy);
      return { ok: true, data: null };
    },
  };
}
