// "30, ▼ down 42 from 72 on 6 Jan · 3 fixed · 1 new" and the score's line, from the history the background
// keeps: both ends of the change are said, so "▼ 42" never reads as "down from 42".
import type { Signal } from '@preact/signals';
import { Fragment } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { ScoreSparkline } from '@/components/ScoreSparkline';
import type { ReportSummary } from '@/lib/api/types';
import { formatDate } from '@/lib/format';
import {
  changeSummary,
  compareSnapshots,
  watchSnapshots,
  type ChangeSummary,
  type Snapshot,
} from '@/lib/history';
import { t } from '@/lib/i18n';

// An analysis kept after the popup loaded came in while it was open (a Regenerate's result): it is said.
const loadedAt = Date.now();

type Opened = 'fixed' | 'broken' | null;

export function ReportChange({
  report,
  announcement,
}: {
  report: ReportSummary;
  announcement: Signal<string>;
}) {
  const history = useReportHistory(report);
  const [opened, setOpened] = useState<Opened>(null);
  const announced = useRef<string | null>(null);
  // A history the background has not caught up with says nothing.
  const current = history.at(-1)?.generatedAt === report.generatedAt;
  const summary = current ? changeSummary(history) : null;

  const newest = history.at(-1);
  useEffect(() => {
    if (!summary || !newest || newest.takenAt < loadedAt || announced.current === newest.generatedAt) return;
    announced.current = newest.generatedAt;
    announcement.value = t('historyAnnounced', spokenChange(summary));
  });

  if (!summary) return null;
  const comparison = compareSnapshots(history.at(-2)!, history.at(-1)!);
  const lists = [
    { which: 'fixed', count: summary.fixed, name: t('historyFixedList'), tests: comparison.fixed },
    { which: 'broken', count: summary.broken, name: t('historyNewList'), tests: comparison.broken },
  ] as const;
  const shown = lists.find((list) => list.which === opened);
  return (
    <div class="report-change" role="group" aria-label={t('historyChangeLabel')}>
      <p class="change-line">
        <span>
          {summary.score === null ? null : (
            <>
              <strong class="change-score">{summary.score}</strong>,{' '}
            </>
          )}
          <ChangeArrow change={summary.change} />
          {changeWords(summary)}
        </span>
        {lists.map((list) =>
          list.count === 0 ? null : (
            <Fragment key={list.which}>
              {' · '}
              <button
                type="button"
                class="link-button"
                aria-expanded={opened === list.which}
                aria-controls={`report-change-${list.which}`}
                onClick={() => setOpened(opened === list.which ? null : list.which)}
              >
                {countWords(list.which, list.count)}
              </button>
            </Fragment>
          ),
        )}{' '}
        <ScoreSparkline history={history} />
      </p>
      {shown ? (
        <ul id={`report-change-${shown.which}`} class="changed-tests" aria-label={shown.name}>
          {shown.tests.map((test) => (
            <li key={test.key}>
              {test.name ?? test.key}
              {test.value ? <span class="issue-detail"> — {test.value}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function useReportHistory(report: ReportSummary): readonly Snapshot[] {
  const [history, setHistory] = useState<readonly Snapshot[]>([]);
  useEffect(() => watchSnapshots(report.id, setHistory), [report.id]);
  return history;
}

/** "down 42 from 72 on 6 Jan"; "unchanged since 6 Jan", or only "since 6 Jan" without both scores. */
function changeWords({ change, previous, since }: ChangeSummary): string {
  const date = formatDate(since);
  if (change === null || previous === null) return t('historySince', date);
  if (change === 0) return `${t('historySame')} ${t('historySince', date)}`;
  return change > 0
    ? t('historyCardUp', change, previous, date)
    : t('historyCardDown', -change, previous, date);
}

/** ▲ / ▼ for the eye; the words beside it say the same. */
function ChangeArrow({ change }: { change: number | null }) {
  if (!change) return null;
  const up = change > 0;
  return (
    <span class={up ? 'change-delta change-delta--up' : 'change-delta change-delta--down'} aria-hidden="true">
      {up ? '▲ ' : '▼ '}
    </span>
  );
}

const countWords = (which: 'fixed' | 'broken', count: number) =>
  which === 'fixed' ? t('historyCardFixed', count) : t('historyNew', count);

function spokenChange(summary: ChangeSummary): string {
  const head = summary.score === null ? changeWords(summary) : `${summary.score}, ${changeWords(summary)}`;
  const counts = [
    summary.fixed > 0 ? countWords('fixed', summary.fixed) : '',
    summary.broken > 0 ? countWords('broken', summary.broken) : '',
  ];
  return [head, ...counts].filter(Boolean).join(' · ');
}
