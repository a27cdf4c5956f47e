// "Bulk changes" under the Reports toolbar: select every matching report, change their privacy or
// regenerate their results, watch the background do it (progress, Stop), and read what failed and why.
import { useSignal } from '@preact/signals';
import { useEffect, useMemo } from 'preact/hooks';
import { ErrorBanner } from '@/components/ErrorBanner';
import { PrivacyFields } from '@/components/PrivacyFields';
import { PRIVACY } from '@/lib/api/types';
import { t } from '@/lib/i18n';
import { formatCount } from '../format-number';
import { createBulkChangesModel, type BulkChangesModel } from './bulk-changes-model';
import { BulkProgress, BulkSummary } from './BulkJobStatus';
import type { ReportsModel } from './reports-model';
import { openSettings } from '../router';

export function BulkChanges({ reports }: { reports: ReportsModel }) {
  const model = useMemo(() => createBulkChangesModel(reports), [reports]);
  useEffect(() => () => model.dispose(), [model]);
  const job = model.job.value;
  const running = job !== null && job.phase !== 'ended';
  const error = model.error.value;
  return (
    <div class="bulk-changes">
      <SelectAllMatching model={model} pageCount={reports.selected.value.size} />
      {running ? <BulkProgress job={job} model={model} /> : null}
      {job?.phase === 'ended' ? (
        <BulkSummary job={job} model={model} detailsHref={reports.detailsHref} />
      ) : null}
      {!running && model.count.value > 0 ? <BulkForm model={model} /> : null}
      {error ? (
        <ErrorBanner error={error} context={t('bulkStartFailed')} onOpenSettings={openSettings} />
      ) : null}
    </div>
  );
}

function SelectAllMatching({ model, pageCount }: { model: BulkChangesModel; pageCount: number }) {
  if (model.allMatching.value) {
    return (
      <p class="bulk-select">
        {t('bulkAllMatchingSelected', formatCount(model.count.value))}{' '}
        <button type="button" class="link-button" onClick={() => model.selectAllMatching(false)}>
          {t('bulkSelectPageOnly')}
        </button>
      </p>
    );
  }
  if (!model.canSelectAllMatching.value) return null;
  return (
    <p class="bulk-select">
      {t('bulkPageSelected', formatCount(pageCount))}{' '}
      <button type="button" class="link-button" onClick={() => model.selectAllMatching(true)}>
        {t('bulkSelectAllMatching', formatCount(model.matching.value ?? 0))}
      </button>
    </p>
  );
}

function BulkForm({ model }: { model: BulkChangesModel }) {
  const { privacy } = model;
  // Lives only in this field and the message that starts the job: never stored on disk, never logged.
  const password = useSignal('');
  const problem = useSignal<string | null>(null);
  const count = formatCount(model.count.value);
  // The form's own check first; else what the background refused about the password (e.g. too long).
  const passwordMessage = problem.value ?? model.error.value?.fieldErrors?.password;

  async function changePrivacy(event: Event) {
    event.preventDefault();
    problem.value = null;
    if (privacy.value === PRIVACY.password && password.value === '') {
      problem.value = t('bulkPasswordRequired');
      return;
    }
    await model.changePrivacy(privacy.value, privacy.value === PRIVACY.password ? password.value : undefined);
    if (!model.error.peek()) password.value = '';
  }

  return (
    <form class="bulk-form" onSubmit={changePrivacy} noValidate>
      <fieldset>
        <legend>{t('bulkLegend')}</legend>
        <PrivacyFields
          ids={{ privacy: 'bulk-privacy', password: 'bulk-password' }}
          labels={{ privacy: t('bulkPrivacyLabel'), password: t('bulkPasswordLabel') }}
          privacy={privacy.value}
          onPrivacy={(chosen) => (privacy.value = chosen)}
          password={password.value}
          onPassword={(typed) => (password.value = typed)}
          passwordRequired
          passwordHint={t('bulkPasswordHint')}
          errors={{ password: passwordMessage }}
        />
        <div class="bulk-summary-actions">
          <button type="submit" class="primary">
            {t('bulkChangePrivacy', count)}
          </button>
          <button type="button" onClick={() => void model.regenerate()}>
            {t('bulkRegenerate', count)}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
