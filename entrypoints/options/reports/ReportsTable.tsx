import { Component } from 'preact';
import type { Signal } from '@preact/signals';
import { useEffect, useState } from 'preact/hooks';
import { ListTable } from '@/components/ListTable';
import { DateTime } from '@/components/DateTime';
import { ResultBadge } from '@/components/ResultBadge';
import { SortHeader } from '@/components/SortHeader';
import { WebLink } from '@/components/WebLink';
import type { ReportSummary } from '@/lib/api/types';
import { PRIVACY_NAMES } from '@/lib/format';
import { readHistory, scoreChangeOf, type HistoryIndex, type ScoreChange } from '@/lib/history';
import { t } from '@/lib/i18n';
import { reportKey } from '@/lib/report-id';
import { readableUrl } from '@/lib/readable-url';
import type { ReportsModel } from './reports-model';

function scoreChangeWords({ change, previous }: ScoreChange): string {
  if (change === 0) return t('historyUnchanged');
  const points = Math.abs(change);
  if (change > 0) return points === 1 ? t('historyUpOne', previous) : t('historyUp', points, previous);
  return points === 1 ? t('historyDownOne', previous) : t('historyDown', points, previous);
}

/**
 * "▼ 42 from 72" beside a score: the change and the score it started from, so "30 ▼ 42" never reads as
 * "down from 42"; in words to screen readers. One element, so a table of 100 rows stays light.
 */
export function ScoreChangeMark({ change }: { change: ScoreChange }) {
  const points = change.change;
  const tone = points > 0 ? 'up' : points < 0 ? 'down' : 'same';
  const mark = points > 0 ? `▲ ${points}` : points < 0 ? `▼ ${-points}` : '±0';
  return (
    <span class={`score-change score-change--${tone}`} role="img" aria-label={scoreChangeWords(change)}>
      {points === 0 ? mark : t('historyMarkFrom', mark, change.previous)}
    </span>
  );
}

/** Rows a window `height` px tall shows unscrolled: a row is at least 45 px, 200 px go above the first. */
export function firstScreenRows(height: number): number {
  return Math.max(1, Math.ceil((height - 200) / 45));
}

/** The first screen's rows alone the first time, every row from the next frame on (effects run after paint). */
function useRowsToRender(reports: readonly ReportSummary[]): readonly ReportSummary[] {
  const [firstScreenPainted, setFirstScreenPainted] = useState(false);
  const hasRows = reports.length > 0;
  useEffect(() => {
    if (hasRows) setFirstScreenPainted(true);
  }, [hasRows]);
  return firstScreenPainted ? reports : reports.slice(0, firstScreenRows(window.innerHeight));
}

/** Each report's last two analyses, read again when the rows change: one storage read for the whole page. */
function useHistoryIndex(reports: readonly ReportSummary[]): HistoryIndex {
  const [index, setIndex] = useState<HistoryIndex>({});
  useEffect(() => {
    let current = true;
    void readHistory()
      .index()
      .then((read) => current && setIndex(read));
    return () => {
      current = false;
    };
  }, [reports]);
  return index;
}

/** The words every row repeats, looked up once for the page. */
let rowWords:
  | Record<'select' | 'noProject' | 'privacyUnknown' | 'notGenerated' | 'details' | 'delete', string>
  | undefined;

export function ReportsTable({
  reports,
  model,
  toDelete,
}: {
  reports: readonly ReportSummary[];
  model: ReportsModel;
  toDelete: Signal<ReportSummary | null>;
}) {
  const { list } = model;
  const rows = useRowsToRender(reports);
  const history = useHistoryIndex(reports);
  const selected = model.selected.value;
  const allSelected = model.wholePage.value;
  const sortProps = { sortBy: list.sorted.value.sortBy, sort: list.sorted.value.sort, onSort: list.sortBy };
  return (
    // Saved rows of this view stay readable once the service failed: the status says they are saved.
    <ListTable
      name="reports"
      labelledBy="reports-heading"
      loading={list.loading.value}
      stale={list.stale.value}
    >
      <thead>
        <tr>
          <th scope="col" class="select-cell">
            <input
              type="checkbox"
              aria-label={t('reportsSelectAll')}
              checked={allSelected}
              disabled={reports.length === 0}
              ref={(input) => {
                if (input) input.indeterminate = selected.size > 0 && !allSelected;
              }}
              onChange={model.toggleAllSelected}
            />
          </th>
          <SortHeader label={t('reportsColumnUrl')} sortKey="url" {...sortProps} />
          <th scope="col">{t('reportsColumnProject')}</th>
          <SortHeader label={t('reportsColumnResult')} sortKey="result" {...sortProps} />
          <th scope="col">{t('reportsColumnPrivacy')}</th>
          <SortHeader label={t('optionsColumnCreated')} sortKey="id" {...sortProps} />
          <SortHeader label={t('reportsColumnGenerated')} sortKey="generated_at" {...sortProps} />
          <th scope="col">
            <span class="visually-hidden">{t('optionsColumnActions')}</span>
          </th>
        </tr>
      </thead>
      {/* One listener each for the rows' controls, not three a row: the row's place says which report. */}
      <tbody
        onClick={(event) => {
          const button = (event.target as Element).closest('button');
          const report = button && rows[button.closest('tr')!.sectionRowIndex];
          if (!report) return;
          if (button.value === 'delete') {
            toDelete.value = report;
            return;
          }
          // Some browsers (Firefox and Safari on macOS) do not focus a clicked button: the panel gives the
          // focus back to what had it.
          button.focus();
          model.openDetails(report.id);
        }}
        onChange={(event) => {
          const input = event.target as HTMLInputElement;
          const report = rows[input.closest('tr')!.sectionRowIndex];
          if (report) model.toggleSelected(report.id, input.checked);
        }}
      >
        {rows.map((report, index) => {
          const key = reportKey(report.id);
          const change = scoreChangeOf(history[key], report);
          return (
            <ReportRow
              key={key}
              report={report}
              change={change?.change ?? null}
              previous={change?.previous ?? null}
              rowId={`report-row-${index}`}
              selected={selected.has(key)}
              open={model.detailsId.value === key}
            />
          );
        })}
      </tbody>
    </ListTable>
  );
}

interface ReportRowProps {
  report: ReportSummary;
  /** Points since the previous analysis, and that analysis's score; null when the history cannot tell. */
  change: number | null;
  previous: number | null;
  rowId: string;
  selected: boolean;
  open: boolean;
}

/**
 * The row's cells are called as functions, not rendered as components: each component costs Preact (and
 * the signals' hooks) an instance, and a page has 100 rows.
 *
 * A row renders again only when one of its props changes (a page of 100 renders again on every answer), or
 * while its report has no result: "Generating…" turns into "No score" with time alone (ResultBadge).
 */
class ReportRow extends Component<ReportRowProps> {
  shouldComponentUpdate(next: ReportRowProps) {
    if (next.report.result === null) return true;
    return (Object.keys(next) as (keyof ReportRowProps)[]).some((name) => next[name] !== this.props[name]);
  }

  render({ report, change, previous, rowId, selected, open }: ReportRowProps) {
    const urlId = `${rowId}-url`;
    const words = (rowWords ??= {
      select: t('reportsSelectRow'),
      noProject: t('reportsNoProject'),
      privacyUnknown: t('reportsPrivacyUnknown'),
      notGenerated: t('reportsNotGeneratedYet'),
      details: t('reportsDetailsButton'),
      delete: t('optionsDelete'),
    });
    return (
      <tr class={open ? 'is-open' : selected ? 'is-selected' : undefined}>
        <td class="select-cell">
          {/* Named "Select" (the row's URL describes it): a URL in the name would match any label query. */}
          <input type="checkbox" aria-label={words.select} aria-describedby={urlId} checked={selected} />
        </td>
        <th scope="row" id={urlId} class="url-cell">
          {WebLink({ url: report.url, href: report.pageUrl, class: 'truncate' })}
        </th>
        <td class="project-cell">{report.project ?? <span class="muted">{words.noProject}</span>}</td>
        <td>
          {ResultBadge({ report })}
          {change === null || previous === null ? null : (
            <> {ScoreChangeMark({ change: { change, previous } })}</>
          )}
        </td>
        <td>
          {report.privacy === null ? (
            <span class="muted">{words.privacyUnknown}</span>
          ) : (
            PRIVACY_NAMES[report.privacy]
          )}
        </td>
        <td class="date-cell">{DateTime({ iso: report.createdAt })}</td>
        <td class="date-cell">{DateTime({ iso: report.generatedAt, missing: words.notGenerated })}</td>
        <td class="row-actions">
          <button type="button" value="details" aria-describedby={urlId}>
            {words.details}
          </button>
          <button
            type="button"
            value="delete"
            class="danger"
            aria-label={`${words.delete} ${t('reportsDeleteRowName', readableUrl(report.url))}`}
          >
            {words.delete}
          </button>
        </td>
      </tr>
    );
  }
}
