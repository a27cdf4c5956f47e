import { middleEllipsis } from '@/lib/format';
import { CreateReportForm } from './CreateReportForm';
import { Freshness } from './Freshness';
import type { PopupModel } from './popup-model';
import { PopupError } from './PopupError';
import { ReportCard } from './ReportCard';
import { t } from '@/lib/i18n';
import { readableUrl } from '@/lib/readable-url';
import { SiteLine } from './SiteLine';

/** The current page: its address, its report if one exists, and the form to create one. */
export function ThisPage({ model }: { model: PopupModel }) {
  const page = model.page.value;
  if (!page) return null;
  const shown = model.pageReport.value;
  const report = shown.value;
  // Ages are computed as the section renders: any change of its data renders it, often enough for "5 min ago".
  const now = model.now();
  // The service rejected the address itself (422 on url): the address is the field to highlight.
  const urlRejected = Boolean(model.form.fieldErrors.value.url?.length);
  const project = report?.project;
  return (
    <section class="this-page" aria-labelledby="this-page-heading">
      <h2 id="this-page-heading" class="visually-hidden">
        {t('popupThisPageHeading')}
      </h2>
      {page.url ? (
        <p class={urlRejected ? 'page-url page-url--invalid' : 'page-url'} title={page.url}>
          {middleEllipsis(readableUrl(page.url), 90)}
        </p>
      ) : null}
      {!page.reportable ? (
        <p class="notice">{page.reason}</p>
      ) : (
        <>
          {shown.error ? (
            <PopupError
              error={shown.error}
              context={t('popupCouldNotLookUp')}
              onRetry={() => void model.refresh()}
              onOpenSettings={model.openSettings}
            />
          ) : null}
          <Freshness shown={shown} now={now} />
          {report === undefined && shown.state === 'loading' ? (
            <p class="status">{t('popupLookingForReport')}</p>
          ) : null}
          {report === null ? <p class="hint">{t('popupNoReportYet')}</p> : null}
          {report === null && model.regenerateError.value?.kind === 'not_found' ? (
            <PopupError
              error={model.regenerateError.value}
              context={t('popupCouldNotRegenerate')}
              onRetry={() => undefined}
              onOpenSettings={model.openSettings}
            />
          ) : null}
          {report ? (
            <ReportCard
              report={report}
              state={model.pageReportState(report)}
              regenerating={model.regenerating.value}
              regenerateError={model.regenerateError.value}
              regenerateRecheck={model.regenerateRecheck.value}
              onRegenerate={() => void model.regenerate()}
              onReadAgain={() => void model.readAgain()}
              onDetails={() => void model.openDetails(report.id)}
              onOpenSettings={model.openSettings}
              announcement={model.announcement}
            />
          ) : null}
          {project ? <SiteLine project={project} /> : null}
          <CreateReportForm
            form={model.form}
            another={Boolean(report)}
            ready={model.setup.value === 'ready'}
            onOpenSettings={model.openSettings}
          />
        </>
      )}
    </section>
  );
}
