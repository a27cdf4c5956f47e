// Where the background's read of the project is: a progress bar and Stop while it reads, "Go on" after
// Stop, the failure with its action, "Showing the first 2,000 of 3,100 reports" when cut, and Read again.
import { ErrorBanner } from '@/components/ErrorBanner';
import { t } from '@/lib/i18n';
import { SITE_READ_CAP, type SiteView } from '@/lib/site';
import { formatCount } from '../../format-number';
import type { SiteModel } from './site-model';

export function SiteReadStatus({
  view,
  model,
  onOpenSettings,
}: {
  view: SiteView;
  model: SiteModel;
  onOpenSettings: () => void;
}) {
  const { read, summary } = view;
  if (read.phase === 'reading') {
    // A larger project is read up to the cap: the bar and its words count to where the read ends.
    const goal = read.total === null ? null : Math.min(read.total, SITE_READ_CAP);
    const [done, total] = [formatCount(read.read), goal === null ? null : formatCount(goal)];
    return (
      <div class="site-read">
        <progress
          aria-label={t('siteProgressLabel')}
          max={goal ?? undefined}
          value={goal === null ? undefined : read.read}
        />
        <p role="status">{total === null ? t('siteReadingSome', done) : t('siteReading', done, total)}</p>
        <button type="button" onClick={() => void model.stop()}>
          {t('siteStop')}
        </button>
      </div>
    );
  }
  return (
    <div class="site-read">
      {read.phase === 'stopped' ? (
        <p role="status">
          {read.total === null
            ? t('siteStoppedSome', formatCount(read.read))
            : t('siteStopped', formatCount(read.read), formatCount(read.total))}{' '}
          <button type="button" onClick={() => void model.read()}>
            {t('siteGoOn')}
          </button>
        </p>
      ) : null}
      {read.phase === 'failed' ? (
        <ErrorBanner
          error={read.error}
          context={t('siteReadFailed')}
          onRetry={() => void model.read()}
          onOpenSettings={onOpenSettings}
        />
      ) : null}
      {summary?.cut ? (
        <p>{t('siteCut', formatCount(summary.pages), formatCount(summary.total ?? summary.pages))}</p>
      ) : null}
      <button type="button" onClick={() => void model.read(true)}>
        {t('siteReadAgain')}
      </button>
    </div>
  );
}
