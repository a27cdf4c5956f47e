// A bar of three parts for the eye, and the same counts as a list for everyone (the bar is hidden from
// screen readers: never colour alone).
import type { ReportResult } from '@/lib/api/types';
import { RESULT_LABELS } from '@/lib/format';
import { t } from '@/lib/i18n';
import { formatCount } from '../../format-number';

const BANDS: readonly ReportResult[] = ['good', 'decent', 'bad'];

export function BandSpread({ spread }: { spread: Record<ReportResult, number> }) {
  const scored = BANDS.reduce((sum, band) => sum + spread[band], 0);
  return (
    <figure class="band-spread" aria-labelledby="band-spread-caption">
      <figcaption id="band-spread-caption">{t('siteSpreadCaption')}</figcaption>
      {scored > 0 ? (
        <div class="band-spread__bar" aria-hidden="true">
          {BANDS.filter((band) => spread[band] > 0).map((band) => (
            <span key={band} class={`band-spread__part result--${band}`} style={{ flexGrow: spread[band] }}>
              {formatCount(spread[band])}
            </span>
          ))}
        </div>
      ) : null}
      <ul class="band-spread__counts">
        {BANDS.map((band) => (
          <li key={band}>
            <span class={`band-spread__key result--${band}`} aria-hidden="true" />
            {t('siteSpreadCount', RESULT_LABELS[band], formatCount(spread[band]))}
          </li>
        ))}
      </ul>
    </figure>
  );
}
