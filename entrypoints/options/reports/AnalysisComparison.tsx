// What changed between two analyses of a report: the last two at first, any two chosen by date.
import { useId, useState } from 'preact/hooks';
import { checkName } from '@/lib/api/report-checks';
import { formatDate, formatDateTime } from '@/lib/format';
import { compareSnapshots, type CheckChange, type Snapshot } from '@/lib/history';
import { t } from '@/lib/i18n';
import { FailedTest } from './ReportTests';

/** Each analysis's name in the lists: its date (with the time when two share a date) and its score. */
function analysisNames(history: readonly Snapshot[]): string[] {
  const dates = history.map((snapshot) => formatDate(snapshot.generatedAt));
  const sameDay = new Set(dates).size < dates.length;
  return history.map((snapshot, index) =>
    t(
      'historyAnalysisOption',
      sameDay ? formatDateTime(snapshot.generatedAt) : dates[index]!,
      snapshot.score ?? t('uiNoScore'),
    ),
  );
}

const scoreText = (snapshot: Snapshot) => (snapshot.score === null ? t('uiNoScore') : String(snapshot.score));

function stillFailingDetail({ value, valueBefore }: CheckChange): string | null {
  if (valueBefore === undefined || valueBefore === null || valueBefore === value) return value;
  return value === null ? t('historyValueWas', valueBefore) : t('historyValueNowWas', value, valueBefore);
}

export function AnalysisComparison({ history }: { history: readonly Snapshot[] }) {
  const last = history.length - 1;
  const [earlier, setEarlier] = useState(last - 1);
  const [later, setLater] = useState(last);
  const names = analysisNames(history);
  const id = useId();
  // Chosen the other way round, they are still compared in time order.
  const older = history[Math.min(earlier, later)]!;
  const newer = history[Math.max(earlier, later)]!;
  const comparison = earlier === later ? null : compareSnapshots(older, newer);

  const choice = (label: string, value: number, onChange: (value: number) => void) => (
    <label class="history-choice">
      {label}
      <select value={String(value)} onChange={(event) => onChange(Number(event.currentTarget.value))}>
        {names.map((name, index) => (
          <option key={index} value={String(index)}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <section class="history-comparison" aria-labelledby={`${id}-heading`}>
      <h4 id={`${id}-heading`} class="details-fields-heading">
        {t('historyCompareHeading')}
      </h4>
      <div class="history-choices">
        {choice(t('historyEarlier'), earlier, setEarlier)}
        {choice(t('historyLater'), later, setLater)}
      </div>
      {comparison ? (
        <>
          <p class="history-score">{t('historyScoreFromTo', scoreText(older), scoreText(newer))}</p>
          <ChangeList
            heading={t('historyFixed', comparison.fixed.length)}
            changes={comparison.fixed}
            detail={({ value }) => (value === null ? null : t('historyValueWas', value))}
          />
          <ChangeList
            heading={t('historyBroken', comparison.broken.length)}
            changes={comparison.broken}
            detail={({ value }) => value}
          />
          <ChangeList
            heading={t('historyStillFailing', comparison.stillFailing.length)}
            changes={comparison.stillFailing}
            detail={stillFailingDetail}
          />
        </>
      ) : (
        <p class="muted">{t('historyChooseTwo')}</p>
      )}
    </section>
  );
}

function ChangeList({
  heading,
  changes,
  detail,
}: {
  heading: string;
  changes: readonly CheckChange[];
  detail: (change: CheckChange) => string | null;
}) {
  const id = useId();
  return (
    <section class="test-group" aria-labelledby={id}>
      <h5 id={id}>{heading}</h5>
      {changes.length === 0 ? (
        <p class="muted">{t('historyNoTests')}</p>
      ) : (
        <ul class="failed-tests">
          {changes.map((change) => (
            <FailedTest
              key={change.key}
              importance={change.importance}
              name={change.name ?? checkName(change.key)}
              detail={detail(change)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
