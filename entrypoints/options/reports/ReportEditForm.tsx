import { useSignal } from '@preact/signals';
import { ErrorBanner } from '@/components/ErrorBanner';
import { PrivacyFields } from '@/components/PrivacyFields';
import { PRIVACY, type Privacy, type Report } from '@/lib/api/types';
import { t } from '@/lib/i18n';
import type { ReportDetailsModel } from './report-details-model';

/** "Privacy", "Password" (for privacy Password), "Save changes" and "Regenerate results". */
export function ReportEditForm({
  report,
  details,
  onOpenSettings,
}: {
  report: Report;
  details: ReportDetailsModel;
  onOpenSettings: () => void;
}) {
  // What the person picked; until then the select shows the report's own privacy (which may be unknown),
  // and Save leaves the privacy alone.
  const picked = useSignal<Privacy | undefined>(undefined);
  const privacy = picked.value ?? report.privacy;
  // Lives only in this field: never stored, logged or cached; cleared after a successful save.
  const password = useSignal('');
  const passwordError = useSignal<string | null>(null);
  const writing = details.writing.value;
  const failure = details.writeError.value;
  // The service said the report is gone: there is nothing left to change.
  const gone = details.gone.value;
  const disabled = writing !== null || gone;
  // Staying on Password with a password already set may leave the field empty: the old one stays.
  const keepsPassword = report.privacy === PRIVACY.password && report.hasPassword !== false;
  const passwordRequired = privacy === PRIVACY.password && !keepsPassword;
  const serverErrors = failure?.write === 'save' ? failure.error.fieldErrors : undefined;

  async function save(event: Event) {
    event.preventDefault();
    passwordError.value = null;
    if (passwordRequired && password.value === '') {
      passwordError.value = t('reportsPasswordMissing');
      return;
    }
    // Only what the person changed; the model drops a privacy equal to the report's.
    const result = await details.save({
      ...(picked.value === undefined ? {} : { privacy: picked.value }),
      ...(privacy === PRIVACY.password && password.value !== '' ? { password: password.value } : {}),
    });
    if (result.ok) {
      password.value = '';
      picked.value = undefined;
    }
  }

  const passwordMessage = passwordError.value ?? serverErrors?.password;
  const passwordHint = passwordRequired ? t('reportsPasswordRequiredHint') : t('reportsPasswordKeepHint');
  return (
    <form class="report-edit" onSubmit={save} noValidate>
      <div class="report-edit-fields">
        <PrivacyFields
          ids={{ privacy: 'details-privacy', password: 'details-password' }}
          labels={{ privacy: t('reportsColumnPrivacy'), password: t('reportsPasswordLabel') }}
          privacy={privacy}
          onPrivacy={(chosen) => {
            picked.value = chosen;
            passwordError.value = null;
          }}
          password={password.value}
          onPassword={(typed) => (password.value = typed)}
          passwordRequired={passwordRequired}
          passwordHint={passwordHint}
          errors={{ privacy: serverErrors?.privacy, password: passwordMessage }}
        />
      </div>
      <div class="report-edit-actions">
        <button type="submit" class="primary" disabled={disabled}>
          {t('reportsSaveChanges')}
        </button>
        <button type="button" disabled={disabled} onClick={() => void details.regenerate()}>
          {t('reportsRegenerate')}
        </button>
      </div>
      {failure ? (
        <ErrorBanner
          error={failure.error}
          context={failure.write === 'save' ? t('reportsSaveFailed') : t('reportsRegenerateFailed')}
          onRetry={
            gone
              ? undefined
              : () => (failure.write === 'save' ? void save(new Event('submit')) : void details.regenerate())
          }
          onOpenSettings={onOpenSettings}
        />
      ) : null}
      <p class="status" role="status">
        {writing === 'save'
          ? t('optionsSaving')
          : writing === 'regenerate'
            ? t('reportsAskingForResults')
            : details.notice.value}
      </p>
    </form>
  );
}
