// Asked first: it sends one request per page. The job shows as the Reports section's bulk changes do.
import { useSignal } from '@preact/signals';
import type { ComponentChildren } from 'preact';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { ErrorBanner } from '@/components/ErrorBanner';
import { t } from '@/lib/i18n';
import { formatCount } from '../../format-number';
import { BulkProgress, BulkSummary } from '../../reports/BulkJobStatus';
import type { TestPagesModel } from './test-pages-model';

export function RegeneratePages({
  model,
  count,
  onOpenSettings,
  children,
}: {
  model: TestPagesModel;
  count: number;
  onOpenSettings: () => void;
  /** Actions in the same row as Regenerate. */
  children?: ComponentChildren;
}) {
  const confirming = useSignal(false);
  const job = model.job.value;
  const running = job !== null && job.phase !== 'ended';
  const jobError = model.jobError.value;
  return (
    <>
      <div class="list-controls">
        {running ? null : (
          <button type="button" onClick={() => (confirming.value = true)}>
            {t('siteRegenerate')}
          </button>
        )}
        {children}
      </div>
      {running ? <BulkProgress job={job} model={model} /> : null}
      {job?.phase === 'ended' ? (
        <BulkSummary job={job} model={model} onOpenSettings={onOpenSettings} />
      ) : null}
      {jobError ? (
        <ErrorBanner error={jobError} context={t('siteRegenerateFailed')} onOpenSettings={onOpenSettings} />
      ) : null}
      <ConfirmDialog
        open={confirming.value}
        title={t('siteRegenerateTitle', formatCount(count))}
        confirmLabel={t('siteRegenerateConfirm')}
        onConfirm={() => {
          confirming.value = false;
          void model.regenerate();
        }}
        onCancel={() => (confirming.value = false)}
      >
        <p>{t('siteRegenerateWhat')}</p>
      </ConfirmDialog>
    </>
  );
}
