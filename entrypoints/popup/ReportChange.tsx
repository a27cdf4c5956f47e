// "30, ▼ down 42 from 72 on 6 Jan · 3 fixed · 1 new" and the score's line, from the history the background
// keeps: both ends of the change are said, so "▼ 42" never reads as "down from 42".
import type { Signal } from '@preact/signals';
import { Fragment } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { ScoreSparkline } from '@/components/ScoreSparkline';
import type { ReportSummary } from '@/lib/api/types';
import { formatDate } from '@/lib/format';
import { compareSnapshots, watchSnapshots, type Snapshot } from '@/lib/history';
import { t } from '@/lib/i18n';

export function ReportChange({
  report,
  announcement,
}: {
  report: ReportSummary;
  announcement: Signal<string>;
}) {
  const [history, setHistory] = useState<readonly Snapshot[]>([]);
  useEffect(() => watchSnapshots(report.id, setHistory), [report.id]);
  const [opened, setOpened] = useState<string | null>(null);
  const announced = useRef<string | null>(null);
  // An analysis kept after this view showed came in while it was open (a Regenerate's result): it is said.
  const [shownAt] = useState(Date.now);
  const [older, newer] = history.slice(-2);
  // A history the background has not caught up with says nothing.
  const change = older && newer?.generatedAt === report.generatedAt ? describeChange(older, newer) : null;

  useEffect(() => {
    if (!change || !newer || newer.takenAt < shownAt || announced.current === newer.generatedAt) return;
    announced.current = newer.generatedAt;
    const spoken = [change.score === null ? change.words : `${change.score}, ${change.words}`];
    announcement.value = t(
      'historyAnnounced',
      [...spoken, ...change.lists.map(({ count }) => count)].join(' · '),
    );
  });

  if (!change) return null;
  const { delta } = change;
  const shown = change.lists.find((list) => list.which === opened);
  return (
    <div class="report-change" role="group" aria-label={t('historyChangeLabel')}>
      <p class="change-line">
        <span>
          {change.score === null ? null : (
            <>
              <strong class="change-score">{change.score}</strong>,{' '}
            </>
          )}
          {/* For the eye; the words beside it say the same. */}
          {delta ? (
            <span class={`change-delta change-delta--${delta > 0 ? 'up' : 'down'}`} aria-hidden="true">
              {delta > 0 ? '▲ ' : '▼ '}
            </span>
          ) : null}
          {change.words}
        </span>
        {change.lists.map((list) => (
          <Fragment key={list.which}>
            {' · '}
            <button
              type="button"
              class="link-button"
              aria-expanded={opened === list.which}
              aria-controls={`report-change-${list.which}`}
              onClick={() => setOpened(opened === list.which ? null : list.which)}
            >
              {list.count}
            </button>
          </Fragment>
        ))}{' '}
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

/**
 * "down 42 from 72 on 6 Jan"; "unchanged since 6 Jan", or only "since 6 Jan" without both scores; and the
 * tests fixed and newly failing, where there are any.
 */
function describeChange(older: Snapshot, newer: Snapshot) {
  const { scoreChange: delta, fixed, broken } = compareSnapshots(older, newer);
  const date = formatDate(older.generatedAt);
  const since = t('historySince', date);
  const words =
    delta === null || older.score === null
      ? since
      : delta === 0
        ? `${t('historySame')} ${since}`
        : delta > 0
          ? t('historyCardUp', delta, older.score, date)
          : t('historyCardDown', -delta, older.score, date);
  const lists = [
    { which: 'fixed', count: t('historyCardFixed', fixed.length), name: t('historyFixedList'), tests: fixed },
    { which: 'broken', count: t('historyNew', broken.length), name: t('historyNewList'), tests: broken },
  ];
  return { score: newer.score, delta, words, lists: lists.filter((list) => list.tests.length > 0) };
}
