import { ResultBadge } from '@/components/ResultBadge';
import { formatAge, middleEllipsis } from '@/lib/format';
import { reportKey } from '@/lib/report-id';
import { Freshness } from './Freshness';
import type { PopupModel } from './popup-model';
import { PopupError } from './PopupError';
import { t } from '@/lib/i18n';
import { readableUrl } from '@/lib/readable-url';

export function RecentReports({ model }: { model: PopupModel }) {
  const shown = model.recent.value;
  const items = shown.value;
  const now = Date.now();
  const page = model.page.value;
  const siteOnly = model.siteOnly.value;
  const pageError = model.pageReport.value.error;
  const showError = shown.error && !(page?.reportable && pageError?.kind === shown.error.kind);
  // For `npm run bench` (test builds): both lists are shown.
  if (import.meta.env.MODE === 'e2e' && items && model.pageReport.value.value !== undefined)
    requestAnimationFrame(() => performance.mark('data-ready'));
  return (
    <section class="recent" aria-labelledby="recent-heading">
      <div class="section-head">
        <h2 id="recent-heading">{t('popupRecentHeading')}</h2>
        {page?.reportable ? (
          <label class="check">
            <input
              type="checkbox"
              checked={siteOnly}
              onChange={(event) => void model.setSiteOnly(event.currentTarget.checked)}
            />
            {t('popupThisSiteOnly')}
          </label>
        ) : null}
      </div>
      {showError && shown.error ? (
        <PopupError
          error={shown.error}
          context={t('popupCouldNotLoadRecent')}
          onRetry={() => void model.refresh()}
          onOpenSettings={model.openSettings}
        />
      ) : null}
      <Freshness shown={shown} />
      {items === undefined && shown.state === 'loading' ? (
        <p class="status">{t('popupLoadingRecent')}</p>
      ) : null}
      {/* Always there, empty or not: a screen reader finds "Recent reports" in its list of lists. */}
      <ul class="recent-list" aria-labelledby="recent-heading">
        {(items ?? []).map((report) => (
          <li key={reportKey(report.id)}>
            <button
              type="button"
              class="recent-item"
              title={report.url}
              onClick={() => void model.openDetails(report.id)}
            >
              <span class="recent-url">
                {middleEllipsis(readableUrl(report.url).replace(/^https?:\/\//, ''), 60)}
              </span>
              <span class="recent-meta">
                <ResultBadge report={report} />
                <span class="recent-age">{formatAge(report.createdAt, now)}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      {items?.length === 0 ? (
        <p class="hint">{siteOnly ? t('popupNoSiteReports') : t('popupNoReports')}</p>
      ) : null}
    </section>
  );
}
