import { useRef } from 'preact/hooks';
import { middleEllipsis } from '@/lib/format';
import { CreateReportForm } from './CreateReportForm';
import { Freshness } from './Freshness';
import type { PopupModel } from './popup-model';
import { PopupError } from './PopupError';
import { ReportCard } from './ReportCard';
import { t } from '@/lib/i18n';
import { readableUrl } from '@/lib/readable-url';
import { SiteLine } from './SiteLine';
import { WriteFailure } from './WriteFailure';

export function ThisPage({ model }: { model: PopupModel }) {
  const pageUrl = useRef<HTMLParagraphElement>(null);
  const page = model.page.value;
  if (!page) return null;
  const tracking = model.cleanAddress();
  const shown = model.pageReport.value;
  const report = shown.value;
  const urlRejected = Boolean(model.form.fieldErrors.value.url?.length);
  const project = report?.project;
  // A create that failed as the lookup did says it once, beside the button that was pressed.
  const createError = model.writeOf('create')?.error;
  const lookupError = createError?.kind === shown.error?.kind ? null : shown.error;
  return (
    <section class="this-page" aria-labelledby="this-page-heading">
      <h2 id="this-page-heading" class="visually-hidden">
        {t('popupThisPageHeading')}
      </h2>
      {page.url ? (
        <p
          ref={pageUrl}
          tabIndex={-1}
          class={urlRejected ? 'page-url page-url--invalid' : 'page-url'}
          title={page.url}
        >
          {middleEllipsis(readableUrl(page.url), 90)}
        </p>
      ) : null}
      {tracking ? (
        <p class="hint tracking">
          {t('popupTrackingParameters', tracking.removed.join(', '))}{' '}
          <button
            type="button"
            class="link-button"
            disabled={model.write.value?.step === 'pending'}
            onClick={() => {
              void model.useCleanAddress();
              pageUrl.current?.focus();
            }}
          >
            {t('popupUseCleanAddress')}
          </button>
        </p>
      ) : null}
      {!page.reportable ? (
        <p class="notice">{page.reason}</p>
      ) : (
        <>
          {lookupError ? (
            <PopupError
              error={lookupError}
              context={t('popupCouldNotLookUp')}
              onRetry={() => void model.refresh()}
              onOpenSettings={model.openSettings}
            />
          ) : null}
          <Freshness shown={shown} />
          {report === undefined && shown.state === 'loading' ? (
            <p class="status">{t('popupLookingForReport')}</p>
          ) : null}
          {report === null ? <p class="hint">{t('popupNoReportYet')}</p> : null}
          {report === null ? <WriteFailure model={model} kind="regenerate" /> : null}
          {report ? <ReportCard model={model} report={report} /> : null}
          {project ? <SiteLine project={project} /> : null}
          <CreateReportForm model={model} />
        </>
      )}
    </section>
  );
}
