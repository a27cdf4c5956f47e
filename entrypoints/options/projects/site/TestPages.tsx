// One failed test's pages (the background's kept rows, no request to the service): each address, its score
// and a link to its report's details; "Export CSV"; and "Regenerate these pages", the bulk job watched as
// the Reports section's. When the job ends the project is read again.
import { computed, signal, useSignal } from '@preact/signals';
import { useEffect, useMemo } from 'preact/hooks';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { ErrorBanner } from '@/components/ErrorBanner';
import { ListTable } from '@/components/ListTable';
import { ResultBadge } from '@/components/ResultBadge';
import { WebLink } from '@/components/WebLink';
import type { ApiError } from '@/lib/api/errors';
import type { ReportId } from '@/lib/api/types';
import { t } from '@/lib/i18n';
import { formatRoute } from '@/lib/options-route';
import { send } from '@/lib/messaging/send';
import { reportKey } from '@/lib/report-id';
import type { SitePage, SiteSummary } from '@/lib/site';
import { formatCount } from '../../format-number';
import { BulkJobStatus, createBulkJobControls } from '../../reports/BulkJobStatus';
import { latestOnly } from '../../list/latest-only';
import { downloadSiteCsv, testPagesCsv } from './site-csv';

function createTestPagesModel(project: string, test: string) {
  const pages = signal<SitePage[] | null>(null);
  const error = signal<ApiError | null>(null);
  /** The pages this page asked to regenerate: their job keeps showing once they pass the test. */
  const asked = signal<ReadonlySet<string>>(new Set());
  const controls = createBulkJobControls(() => {
    if (job.peek() === null) return;
    void send('site.read', { name: project });
    void reload();
  });

  const job = computed(() => {
    const current = controls.job.value;
    if (current?.action.kind !== 'regenerate') return null;
    const keys = new Set([...asked.value, ...(pages.value ?? []).map((page) => reportKey(page.id))]);
    return current.items.some((item) => keys.has(reportKey(item.id))) ? current : null;
  });

  const fetchPages = latestOnly(() => send('site.pages', { name: project, test }));
  async function reload(): Promise<void> {
    const { current, value: answer } = await fetchPages();
    if (!current) return;
    if (answer.ok) {
      pages.value = answer.data;
      error.value = null;
    } else error.value = answer.error;
  }

  return {
    ...controls,
    /** The pages failing the test, lowest score first; null until the first answer. */
    pages,
    error,
    /** The regenerate job started here, or running on some of these pages. */
    job,
    jobError: controls.error,
    reload,
    async regenerate() {
      const target = {
        reports: (pages.peek() ?? []).map((page) => ({ id: page.id, label: page.url, score: page.score })),
      };
      if (target.reports.length === 0) return;
      asked.value = new Set(target.reports.map((page) => reportKey(page.id)));
      await controls.start({ action: { kind: 'regenerate' }, target });
    },
  };
}

/** A project's page, with one test's pages open (`test`) or the ranking. */
export const testHref = (project: string, test: string | null) =>
  formatRoute({ section: 'project', name: project, test });
const detailsHref = (id: ReportId) => formatRoute({ section: 'reports', list: {}, details: reportKey(id) });

export function TestPages({
  project,
  testKey,
  summary,
}: {
  project: string;
  testKey: string;
  summary: SiteSummary | null;
}) {
  const model = useMemo(() => createTestPagesModel(project, testKey), [project, testKey]);
  useEffect(() => () => model.dispose(), [model]);
  // Read when opened, and again as each regenerate answer updates the background's rows and the summary.
  useEffect(() => void model.reload(), [model, summary]);
  const test = summary?.tests.find((each) => each.key === testKey) ?? null;
  const name = test?.name ?? testKey;
  const pages = model.pages.value;
  // Regenerate is asked first: it sends one request per page.
  const confirming = useSignal(false);
  const job = model.job.value;
  const running = job !== null && job.phase !== 'ended';
  const jobError = model.jobError.value;
  const exportCsv = () =>
    test && pages && downloadSiteCsv(project, testPagesCsv(project, test, pages), test.key);

  return (
    <section class="test-pages" aria-labelledby="site-tests-heading">
      <p>
        <a href={testHref(project, null)}>{t('siteBackToTests')}</a>
      </p>
      <h3 id="site-tests-heading" tabIndex={-1}>
        {t('siteTestPagesHeading', name)}
      </h3>
      {model.error.value ? (
        <ErrorBanner
          error={model.error.value}
          context={t('siteTestPagesFailed')}
          onRetry={() => void model.reload()}
        />
      ) : null}
      {pages === null ? (
        <p class="status">{t('optionsLoading')}</p>
      ) : pages.length === 0 ? (
        <p class="empty-state">{t('siteTestNoPages')}</p>
      ) : (
        <>
          <p>{pages.length === 1 ? t('siteTestOnePage') : t('siteTestPages', formatCount(pages.length))}</p>
          <div class="list-controls">
            {running ? null : (
              <button type="button" onClick={() => (confirming.value = true)}>
                {t('siteRegenerate')}
              </button>
            )}
            <button type="button" onClick={exportCsv} disabled={!test}>
              {t('siteExportCsv')}
            </button>
          </div>
          <BulkJobStatus job={job} model={model} detailsHref={detailsHref} />
          {jobError ? <ErrorBanner error={jobError} context={t('siteRegenerateFailed')} /> : null}
          <ConfirmDialog
            open={confirming.value}
            title={t('siteRegenerateTitle', formatCount(pages.length))}
            confirmLabel={t('siteRegenerateConfirm')}
            onConfirm={() => {
              confirming.value = false;
              void model.regenerate();
            }}
            onCancel={() => (confirming.value = false)}
          >
            <p>{t('siteRegenerateWhat')}</p>
          </ConfirmDialog>
          <ListTable name="site-pages" labelledBy="site-tests-heading" loading={false} stale={false}>
            <thead>
              <tr>
                <th scope="col">{t('siteColumnPage')}</th>
                <th scope="col">{t('siteColumnScore')}</th>
                <th scope="col">
                  <span class="visually-hidden">{t('optionsColumnActions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {pages.map((page) => (
                <tr key={reportKey(page.id)}>
                  <th scope="row" class="url-cell">
                    <WebLink url={page.url} href={page.pageUrl} class="break-anywhere" />
                  </th>
                  <td>
                    <ResultBadge
                      report={{ ...page, createdAt: null, updatedAt: null }}
                      state={page.result === null ? 'no_score' : undefined}
                    />
                  </td>
                  <td class="row-actions">
                    <a href={detailsHref(page.id)}>
                      {t('reportsDetailsButton')}
                      <span class="visually-hidden"> {t('siteDetailsOf', page.url)}</span>
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </ListTable>
        </>
      )}
    </section>
  );
}
