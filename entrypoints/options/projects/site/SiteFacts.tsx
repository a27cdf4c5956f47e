import { t } from '@/lib/i18n';
import type { SiteSummary } from '@/lib/site';
import { formatCount } from '../../format-number';
import { AverageScore } from '../AverageScore';
import { BandSpread } from './BandSpread';

export function SiteFacts({ summary }: { summary: SiteSummary }) {
  return (
    <div class="site-facts">
      <dl class="site-facts__list">
        <div>
          <dt>{t('sitePages')}</dt>
          <dd>{formatCount(summary.pages)}</dd>
        </div>
        <div>
          <dt>{t('projectsColumnAverage')}</dt>
          <dd>
            <AverageScore project={summary} />
          </dd>
        </div>
        {summary.withoutResults > 0 ? (
          <div>
            <dt>{t('siteWithoutResults')}</dt>
            <dd>{t('siteNotAnalysedYet', formatCount(summary.withoutResults))}</dd>
          </div>
        ) : null}
      </dl>
      <BandSpread spread={summary.spread} />
    </div>
  );
}
