// "Score over time" in the details panel: the chart of the report's analyses and what changed between two
// of them. Loaded with import() the first time a report with a history is shown (ReportDetailsPanel).
import { ScoreChart } from '@/components/ScoreChart';
import type { Snapshot } from '@/lib/history';
import { t } from '@/lib/i18n';
import { AnalysisComparison } from './AnalysisComparison';

export function ReportHistory({ history }: { history: readonly Snapshot[] }) {
  const newest = history.at(-1);
  return (
    <section class="report-history" aria-labelledby="details-history-heading">
      <h4 id="details-history-heading" class="details-fields-heading">
        {t('historyHeading')}
      </h4>
      {history.length < 2 ? (
        <p class="muted">{t('historyStartsHere')}</p>
      ) : (
        <>
          <ScoreChart history={history} />
          {/* A new analysis brings the comparison back to the last two. */}
          <AnalysisComparison key={newest?.generatedAt} history={history} />
        </>
      )}
    </section>
  );
}
