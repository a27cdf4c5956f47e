// A project's own page: what its pages add up to, the failed tests ranked by the pages they affect, one
// test's pages, and the average score over time. The background reads the project; this page shows it.
import { useEffect, useMemo, useRef } from 'preact/hooks';
import { ErrorBanner } from '@/components/ErrorBanner';
import { ScoreChart } from '@/components/ScoreChart';
import type { ReportId } from '@/lib/api/types';
import { t } from '@/lib/i18n';
import { send } from '@/lib/messaging/send';
import type { SiteSummary, SiteTest } from '@/lib/site';
import type { TrendPoint } from '@/lib/site-trend';
import { downloadFile } from '../../reports/export/download-file';
import { FailedTestsTable } from './FailedTestsTable';
import { siteCsvFileName, rankingCsv } from './site-csv';
import { createSiteModel } from './site-model';
import { SiteFacts } from './SiteFacts';
import { SiteReadStatus } from './SiteReadStatus';
import { TestPages } from './TestPages';
import './project-page.css';

export interface ProjectPageProps {
  name: string;
  /** The key of the test whose pages are open; null for the ranking. */
  test: string | null;
  projectsHref: string;
  testHref: (test: string | null) => string;
  detailsHref: (id: ReportId) => string;
  onOpenSettings: () => void;
}

export function ProjectPage({
  name,
  test,
  projectsHref,
  testHref,
  detailsHref,
  onOpenSettings,
}: ProjectPageProps) {
  const model = useMemo(() => createSiteModel(send, name), [name]);
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
  const error = model.error.value;

  return (
    <section class="project-page" aria-labelledby="project-heading">
      <p>
        <a href={projectsHref}>{t('siteBackToProjects')}</a>
      </p>
      <h2 id="project-heading" tabIndex={-1} class="break-anywhere">
        {name}
      </h2>
      {error ? (
        <ErrorBanner
          error={error}
          context={t('siteReadFailed')}
          onRetry={() => void model.read()}
          onOpenSettings={onOpenSettings}
        />
      ) : null}
      {summary ? (
        <SiteFacts summary={summary} />
      ) : !error && view === null ? (
        <p class="status">{t('siteLoading')}</p>
      ) : null}
      {view ? <SiteReadStatus view={view} model={model} onOpenSettings={onOpenSettings} /> : null}
      <Trend points={model.trend.value} />
      {test !== null ? (
        <TestPages
          project={name}
          testKey={test}
          summary={summary}
          backHref={testHref(null)}
          detailsHref={detailsHref}
          onOpenSettings={onOpenSettings}
        />
      ) : summary ? (
        <Ranking summary={summary} testHref={(each) => testHref(each.key)} />
      ) : null}
    </section>
  );
}

function Ranking({ summary, testHref }: { summary: SiteSummary; testHref: (test: SiteTest) => string }) {
  const exportCsv = () =>
    downloadFile(siteCsvFileName(new Date()), rankingCsv(summary.project, summary.pages, summary.tests));
  return (
    <section class="site-tests" aria-labelledby="site-tests-heading">
      <h3 id="site-tests-heading" tabIndex={-1}>
        {t('siteTestsHeading')}
      </h3>
      {summary.tests.length > 0 ? (
        <div class="list-controls">
          <button type="button" onClick={exportCsv}>
            {t('siteExportCsv')}
          </button>
        </div>
      ) : null}
      <FailedTestsTable summary={summary} testHref={testHref} />
    </section>
  );
}

function Trend({ points }: { points: TrendPoint[] }) {
  if (points.length < 2) return null;
  return (
    <section class="site-trend" aria-labelledby="site-trend-heading">
      <h3 id="site-trend-heading">{t('siteTrendHeading')}</h3>
      <ScoreChart history={points} label={t('siteTrendHeading')} caption={t('siteTrendCaption')} />
    </section>
  );
}
