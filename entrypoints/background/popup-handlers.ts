// The popup's own messages: its snapshot (cache only, instant), the two lookups that refresh it, and
// remembering the privacy chosen in its form.
import type { Result } from '@/lib/api/errors';
import type { Report, ReportId, ReportListQuery } from '@/lib/api/types';
import { RECENT_COUNT, type PopupMessageType } from '@/lib/messaging/protocol';
import { hostOf, isSameUrl } from '@/lib/page-url';
import { loadLastPrivacy, saveLastPrivacy } from '@/lib/preferences';
import type { PopupCache } from './popup-cache';
import type { CoreHandlers, HandlerMap } from './router';

export interface PopupHandlerDeps {
  isConfigured(): Promise<boolean>;
  /** The core `reports.list` handler: it brings the settings, the permission check and the errors. */
  listReports: CoreHandlers['reports.list'];
  cache: PopupCache;
  /** Called for a report seen with a null result, so its generation is followed. */
  trackGeneration(id: ReportId): Promise<unknown>;
  now(): number;
}

// The search matches URLs containing the text, so other pages of the site come too: take a full page
// of them and match exactly here. The newest come first (sort by id).
const PAGE_LOOKUP: ReportListQuery = { searchBy: 'url', sortBy: 'id', sort: 'desc', perPage: 100 };
const SITE_LOOKUP: ReportListQuery = { searchBy: 'url', sortBy: 'id', sort: 'desc', perPage: 25 };
const NEWEST: ReportListQuery = { sortBy: 'id', sort: 'desc', perPage: 10 };

export function createPopupHandlers(deps: PopupHandlerDeps): HandlerMap<PopupMessageType> {
  async function list(query: ReportListQuery): Promise<Result<Report[]>> {
    const answer = await deps.listReports(query);
    return answer.ok ? { ok: true, data: answer.data.items } : answer;
  }

  return {
    'popup.snapshot': async ({ url, host }) => {
      const [configured, cached, lastPrivacy] = await Promise.all([
        deps.isConfigured(),
        deps.cache.read(url, host),
        loadLastPrivacy(),
      ]);
      return { ok: true, data: { configured, ...cached, lastPrivacy } };
    },

    'popup.pageReport': async ({ url }) => {
      const answer = await list({ ...PAGE_LOOKUP, search: url });
      if (!answer.ok) return answer;
      const report = answer.data.find((item) => isSameUrl(item.url, url)) ?? null;
      const cached = { data: report, fetchedAt: deps.now() };
      await deps.cache.setPageReport(url, cached);
      if (report && report.result === null) await deps.trackGeneration(report.id);
      return { ok: true, data: cached };
    },

    'popup.recentReports': async ({ host }) => {
      const answer = await list(host ? { ...SITE_LOOKUP, search: host } : NEWEST);
      if (!answer.ok) return answer;
      const items = (host ? answer.data.filter((item) => hostOf(item.url) === host) : answer.data).slice(
        0,
        RECENT_COUNT,
      );
      const cached = { data: items, fetchedAt: deps.now() };
      await deps.cache.setRecent(host, cached);
      return { ok: true, data: cached };
    },

    'popup.rememberPrivacy': async ({ privacy }) => {
      await saveLastPrivacy(privacy);
      return { ok: true, data: null };
    },
  };
}
