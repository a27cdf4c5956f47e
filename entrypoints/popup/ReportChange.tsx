// "30, ▼ down 42 from 72 on 6 Jan · 3 fixed · 1 new" and the score's line, from the history the background
// keeps: both ends of the change are said, so "▼ 42" never reads as "down from 42".
import type { Signal } from '@preact/signals';
import { useEffect, useRef, useState } from 'preact/hooks';
import { ScoreSparkline } from '@/components/ScoreSparkline';
import type { ReportSummary } from '@/lib/api/types';
import { formatDate } from '@/lib/format';
import {
  changeSummary,
  compareSnapshots,
  historyName,
  readHistory,
  type ChangeSummary,
  type CheckChange,
  type Snapshot,
} from '@/lib/history';
import { t } from '@/lib/i18n';
import { browser } from '@/lib/page-browser';

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
  const toggle = (which: Opened) => setOpened(opened === which ? null : which);
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
        <CountButton
          count={summary.fixed}
          label={t('historyCardFixed', summary.fixed)}
          list="report-change-fixed"
          open={opened === 'fixed'}
          onToggle={() => toggle('fixed')}
        />
        <CountButton
          count={summary.broken}
          label={t('historyNew', summary.broken)}
          list="report-change-new"
          open={opened === 'broken'}
          onToggle={() => toggle('broken')}
        />{' '}
        <ScoreSparkline history={history} />
      </p>
      {opened === 'fixed' ? (
        <ChangedTests id="report-change-fixed" label={t('historyFixedList')} tests={comparison.fixed} />
      ) : null}
      {opened === 'broken' ? (
        <ChangedTests id="report-change-new" label={t('historyNewList')} tests={comparison.broken} />
      ) : null}
    </div>
  );
}

function useReportHistory(report: ReportSummary): readonly Snapshot[] {
  const [history, setHistory] = useState<readonly Snapshot[]>([]);
  useEffect(() => {
    let live = true;
    const read = () =>
      void readHistory()
        .snapshots(report.id)
        .then((snapshots) => live && setHistory(snapshots));
    const ownKey = `:${historyName(String(report.id))}`;
    const onChanged = (changes: Record<string, unknown>, area: string) => {
      if (area === 'local' && Object.keys(changes).some((key) => key.endsWith(ownKey))) read();
    };
    read();
    browser.storage.onChanged.addListener(onChanged);
    return () => {
      live = false;
      browser.storage.onChanged.removeListener(onChanged);
    };
  }, [report.id, report.generatedAt]);
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

interface CountButtonProps {
  count: number;
  label: string;
  list: string;
  open: boolean;
  onToggle(): void;
}

function CountButton({ count, label, list, open, onToggle }: CountButtonProps) {
  if (count === 0) return null;
  return (
    <>
      {' · '}
      <button type="button" class="link-button" aria-expanded={open} aria-controls={list} onClick={onToggle}>
        {label}
      </button>
    </>
  );
}

function ChangedTests({ id, label, tests }: { id: string; label: string; tests: CheckChange[] }) {
  return (
    <ul id={id} class="changed-tests" aria-label={label}>
      {tests.map((test) => (
        <li key={test.key}>
          {test.name ?? test.key}
          {test.value ? <span class="issue-detail"> — {test.value}</span> : null}
        </li>
      ))}
    </ul>
  );
}

function spokenChange(summary: ChangeSummary): string {
  const { score } = summary;
  const head = [score === null ? '' : `${score},`, changeWords(summary)];
  const counts = [
    summary.fixed > 0 ? t('historyCardFixed', summary.fixed) : '',
    summary.broken > 0 ? t('historyNew', summary.broken) : '',
  ];
  return [head.filter(Boolean).join(' '), ...counts].filter(Boolean).join(' · ');
}
