// A project's own page: what its pages add up to, the failed tests ranked by the pages they affect, one
// test's pages, and the average score over time. The background reads the project and writes what it
// found; this page watches that, and reads the trend from the history kept in this browser.
import { signal } from '@preact/signals';
import { useEffect, useMemo, useRef } from 'preact/hooks';
import { ErrorBanner } from '@/components/ErrorBanner';
import { ListTable } from '@/components/ListTable';
import { ScoreChart } from '@/components/ScoreChart';
import type { ApiError } from '@/lib/api/errors';
import type { ReportResult } from '@/lib/api/types';
import { readHistory } from '@/lib/history';
import { RESULT_LABELS } from '@/lib/format';
import { t } from '@/lib/i18n';
import { send } from '@/lib/messaging/send';
import { SITE_READ_CAP, watchSite, type SiteSummary, type SiteView } from '@/lib/site';
import { siteTrend, type TrendPoint } from '@/lib/site-trend';
import { formatCount } from '../../format-number';
import { categoryName, importanceName } from '@/lib/format';
import { JobStatus } from '../../JobStatus';
import { AverageScore } from '../ProjectsSection';
import { downloadSiteCsv, rankingCsv } from './site-csv';
import { TestPages, testHref } from './TestPages';
import './project-page.css';

function createSiteModel(name: string) {
  /** What the background wrote; null before its first read of this project. */
  const view = signal<SiteView | null>(null);
  /** The background refused to start or stop (not the read's own failure). */
  const error = signal<ApiError | null>(null);
  const trend = signal<TrendPoint[]>([]);

  // Each complete read has noted its reports' analyses in the history: the trend is read again after it.
  let trendFor: number | null | undefined;
  async function readTrend() {
    const history = readHistory();
    const index = await history.index();
    const ids = Object.keys(index).filter((id) => index[id]!.project === name);
    trend.value = siteTrend(await history.histories(ids));
  }
  const stopWatching = watchSite(name, (next) => {
    view.value = next;
    const readAt = next?.summary?.readAt ?? null;
    if (readAt !== trendFor) void readTrend().catch(() => undefined);
    trendFor = readAt;
  });

  async function ask(type: 'site.read' | 'site.stop', fresh?: boolean): Promise<void> {
    error.value = null;
    const answer = await send(type, fresh ? { name, fresh } : { name });
    if (!answer.ok) error.value = answer.error;
  }

  void ask('site.read');

  return {
    view,
    error,
    trend,
    /** Starts a read, or goes on from where Stop left it; `fresh` reads every report again. */
    read: (fresh?: boolean) => ask('site.read', fresh),
    stop: () => ask('site.stop'),
    dispose: stopWatching,
  };
}

type SiteModel = ReturnType<typeof createSiteModel>;

/** `test`: the key of the test whose pages are open; null for the ranking. */
export function ProjectPage({
  name,
  test,
  projectsHref,
}: {
  name: string;
  test: string | null;
  projectsHref: string;
}) {
  const model = useMemo(() => createSiteModel(name), [name]);
  useEffect(() => () => model.dispose(), [model]);
  // Opening a test's pages, or going back to the ranking, replaces the link just used: the focus moves
  // to the new part's heading.
  const shownTest = useRef(test);
  useEffect(() => {
    if (shownTest.current === test) return;
    shownTest.current = test;
    document.getElementById('site-tests-heading')?.focus();
  }, [test]);
  const view = model.view.value;
  const summary = view?.summary ?? null;
  // The background's refusal to start, or the read's own failure: either way Retry reads on.
  const error = model.error.value ?? (view?.read.phase === 'failed' ? view.read.error : null);

  return (
    <section class="project-page" aria-labelledby="project-heading">
      <p>
        <a href={projectsHref}>{t('siteBackToProjects')}</a>
      </p>
      <h2 id="project-heading" tabIndex={-1} class="break-anywhere">
        {name}
      </h2>
      {error ? (
        <ErrorBanner error={error} context={t('siteReadFailed')} onRetry={() => void model.read()} />
      ) : null}
      {summary ? (
        <SiteFacts summary={summary} />
      ) : !error && view === null ? (
        <p class="status">{t('siteLoading')}</p>
      ) : null}
      <SiteReadStatus view={view} model={model} />
      <Trend points={model.trend.value} />
      {test !== null ? (
        <TestPages project={name} testKey={test} summary={summary} />
      ) : summary ? (
        <Ranking summary={summary} />
      ) : null}
    </section>
  );
}

function Ranking({ summary }: { summary: SiteSummary }) {
  const scored = formatCount(summary.pages - summary.withoutResults);
  const exportCsv = () =>
    downloadSiteCsv(summary.project, rankingCsv(summary.project, summary.pages, summary.tests));
  return (
    <section class="site-tests" aria-labelledby="site-tests-heading">
      <h3 id="site-tests-heading" tabIndex={-1}>
        {t('siteTestsHeading')}
      </h3>
      {summary.tests.length === 0 ? (
        <p class="empty-state">{t('siteNoFailedTests')}</p>
      ) : (
        <>
          <div class="list-controls">
            <button type="button" onClick={exportCsv}>
              {t('siteExportCsv')}
            </button>
          </div>
          <ListTable name="site-tests" labelledBy="site-tests-heading" loading={false} stale={false}>
            <thead>
              <tr>
                <th scope="col">{t('siteColumnTest')}</th>
                <th scope="col">{t('siteColumnPages')}</th>
                <th scope="col">{t('siteColumnImportance')}</th>
                <th scope="col">{t('siteColumnCategory')}</th>
              </tr>
            </thead>
            <tbody>
              {summary.tests.map((test) => (
                <tr key={test.key}>
                  <th scope="row" class="name-cell">
                    <a href={testHref(summary.project, test.key)}>{test.name}</a>
                  </th>
                  <td>{t('sitePagesOf', formatCount(test.pages), scored)}</td>
                  <td>
                    <span class={`importance importance--${test.importance}`}>
                      {importanceName(test.importance)}
                    </span>
                  </td>
                  <td>{categoryName(test.category)}</td>
                </tr>
              ))}
            </tbody>
          </ListTable>
        </>
      )}
    </section>
  );
}

function Trend({ points }: { points: TrendPoint[] }) {
  if (points.length < 2) return null;
  const analyses = points.map((point) => {
    const pages = point.pages === 1 ? t('siteTrendPagesOne') : t('siteTrendPages', formatCount(point.pages));
    if (point.joined === 0) return { ...point, note: pages };
    const joined = formatCount(point.joined);
    const mark = point.joined === 1 ? t('siteTrendMarkOne') : t('siteTrendMark', joined);
    return { ...point, note: t('siteTrendPagesJoined', pages, joined), mark };
  });
  return (
    <section class="site-trend" aria-labelledby="site-trend-heading">
      <h3 id="site-trend-heading">{t('siteTrendHeading')}</h3>
      <p class="muted">{t('siteTrendExplained')}</p>
      <ScoreChart
        history={analyses}
        label={t('siteTrendHeading')}
        caption={t('siteTrendCaption')}
        noteColumn={t('siteTrendPagesColumn')}
      />
    </section>
  );
}

function SiteFacts({ summary }: { summary: SiteSummary }) {
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

// A bar for the eye, and the same counts as a list for everyone (the bar is hidden from screen readers).
const BANDS: readonly ReportResult[] = ['good', 'decent', 'bad'];

function BandSpread({ spread }: { spread: Record<ReportResult, number> }) {
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

// Where the background's read is: progress and Stop, "Go on" after Stop, the cut, Read again.
function SiteReadStatus({ view, model }: { view: SiteView | null; model: SiteModel }) {
  const read = view?.read;
  if (read?.phase === 'reading') {
    // A larger project is read up to the cap: the bar and its words count to where the read ends.
    const goal = read.total === null ? null : Math.min(read.total, SITE_READ_CAP);
    const done = formatCount(read.read);
    const running = {
      label: t('siteProgressLabel'),
      done: read.read,
      total: goal,
      onStop: () => void model.stop(),
    };
    const status = goal === null ? t('siteReadingSome', done) : t('siteReading', done, formatCount(goal));
    return <JobStatus running={running} status={status} />;
  }
  const summary = view?.summary;
  const stopped =
    read?.phase !== 'stopped'
      ? null
      : read.total === null
        ? t('siteStoppedSome', formatCount(read.read))
        : t('siteStopped', formatCount(read.read), formatCount(read.total));
  const cut = summary?.cut
    ? t('siteCut', formatCount(summary.pages), formatCount(summary.total ?? summary.pages))
    : null;
  return (
    <JobStatus
      hidden={!view}
      status={[stopped, cut].filter(Boolean).join(' ')}
      actions={
        <>
          {stopped ? (
            <button type="button" onClick={() => void model.read()}>
              {t('siteGoOn')}
            </button>
          ) : null}
          <button type="button" onClick={() => void model.read(true)}>
            {t('siteReadAgain')}
          </button>
        </>
      }
    />
  );
}
