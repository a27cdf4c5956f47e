// The popup's own messages: its snapshot (cache only, instant), the two lookups that refresh it, and
// remembering the privacy chosen in its form.
import type { Result } from '@/lib/api/errors';
import type { Report } from '@/lib/api/types';
import type { ReportListQuery } from '@/lib/messaging/inputs';
import { RECENT_COUNT, type PopupMessageType } from '@/lib/messaging/protocol';
import { isSamePage, serviceHost, writtenAddress } from '@/entrypoints/background/page-address';
import { loadLastPrivacy, saveLastPrivacy } from './preferences';
import type { CreateRunsTracker } from './create-runs';
import type { PageAliases } from './page-aliases';
import type { PopupCache } from './popup-cache';
import type { CoreHandlers, HandlerMap } from './router';
import { afterAnswer, NO_GUARD, type ConnectionGuard } from './connection-guard';

export interface PopupHandlerDeps {
  isConfigured(): Promise<boolean>;
  /** The core `reports.list` handler: it brings the settings, the permission check and the errors. */
  listReports: CoreHandlers['reports.list'];
  cache: PopupCache;
  aliases: Pick<PageAliases, 'lookup'>;
  creates: Pick<CreateRunsTracker, 'state' | 'wait' | 'dismiss'>;
  /**
   * Called with the report a lookup found: the follower follows one still generating, and ends the
   * following of one that now has its result (as for every other copy the background hands out).
   */
  followReport(report: Report): Promise<unknown>;
  now(): number;
  /** Where a switch may land: without it (tests), every write happens. */
  guard?: ConnectionGuard;
}

// The search matches URLs containing the text, so other pages of the site come too: take a full page
// of them and match exactly here. The newest come first (sort by id). The text searched is the address
// cleaned the service's way ("example.com/pricing"): phpRank stores it so, and it is also part of a
// full address another server stores.
const PAGE_LOOKUP: ReportListQuery = { searchBy: 'url', sortBy: 'id', sort: 'desc', perPage: 100 };
const SITE_LOOKUP: ReportListQuery = { searchBy: 'url', sortBy: 'id', sort: 'desc', perPage: 25 };
const NEWEST: ReportListQuery = { sortBy: 'id', sort: 'desc', perPage: 10 };

export function createPopupHandlers(deps: PopupHandlerDeps): HandlerMap<PopupMessageType> {
  const guard = deps.guard ?? NO_GUARD;
  async function list(query: ReportListQuery): Promise<Result<Report[]>> {
    const answer = await deps.listReports(query);
    return answer.ok ? { ok: true, data: answer.data.items } : answer;
  }

  /** The newest report stored for `address` (or reached at it); null when there is none. */
  async function newestFor(pageUrl: string, address: string): Promise<Result<Report | null>> {
    const search = writtenAddress(address) ?? address;
    const answer = await list({ ...PAGE_LOOKUP, search });
    if (!answer.ok) return answer;
    const report = answer.data.find((item) => isSamePage(address, item.url, item.pageUrl)) ?? null;
    return { ok: true, data: report };
  }

  /** This page's report: stored under its address, or under the one a create for it was redirected to. */
  async function findPageReport(url: string): Promise<Result<Report | null>> {
    const direct = await newestFor(url, url);
    if (!direct.ok || direct.data) return direct;
    const alias = await deps.aliases.lookup(url);
    return alias ? newestFor(url, alias) : direct;
  }

  return {
    'popup.snapshot': async ({ url, host }) => {
      const [configured, cached, lastPrivacy, create] = await Promise.all([
        deps.isConfigured(),
        deps.cache.read(url, host),
        loadLastPrivacy(),
        url ? deps.creates.state(url) : null,
      ]);
      return { ok: true, data: { configured, ...cached, lastPrivacy, create } };
    },

    // Cached (and followed) only for the connection that asked (connection-guard.ts).
    'popup.pageReport': ({ url }) =>
      afterAnswer(
        guard,
        async () => {
          const found = await findPageReport(url);
          return found.ok ? { ok: true as const, data: { data: found.data, fetchedAt: deps.now() } } : found;
        },
        async (answer) => {
          if (!answer.ok) return;
          await deps.cache.setPageReport(url, answer.data);
          if (answer.data.data) await deps.followReport(answer.data.data);
        },
      ),

    'popup.recentReports': ({ host }) =>
      afterAnswer(
        guard,
        async () => {
          const site = host ? serviceHost(host) : null;
          const answer = await list(site ? { ...SITE_LOOKUP, search: site } : NEWEST);
          if (!answer.ok) return answer;
          const ofSite = site ? answer.data.filter((item) => serviceHost(item.url) === site) : answer.data;
          return { ok: true as const, data: { data: ofSite.slice(0, RECENT_COUNT), fetchedAt: deps.now() } };
        },
        async (answer) => {
          if (answer.ok) await deps.cache.setRecent(host, answer.data);
        },
      ),

    'popup.awaitCreate': async ({ url }) => (await deps.creates.wait(url)) ?? { ok: true, data: null },

    'popup.forgetCreate': async ({ url }) => {
      await deps.creates.dismiss(url);
      return { ok: true, data: null };
    },

    'popup.rememberPrivacy': async ({ privacy }) => {
      await saveLastPrivacy(privacy);
      return { ok: true, data: null };
    },
  };
}
