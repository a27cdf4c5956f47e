import { useSignal } from '@preact/signals';
import { ErrorBanner } from '@/components/ErrorBanner';
import { FieldNote, fieldAria } from '@/components/field-note';
import { SelectField, type SelectOption } from '@/components/fields';
import { PRIVACY_VALUES, type Privacy, type Report } from '@/lib/api/types';
import { PRIVACY_NAMES } from '@/lib/format';
import { t } from '@/lib/i18n';
import type { ReportDetailsModel } from './report-details-model';

function privacyOptions(): SelectOption<string>[] {
  return PRIVACY_VALUES.map((value) => ({ value: String(value), label: PRIVACY_NAMES[value] }));
}
// Shown when the service did not say the privacy: picking nothing must not make the report public.
function unknownOption(): SelectOption<string> {
  return { value: '', label: t('reportsPrivacyUnknown'), disabled: true };
}

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
  const keepsPassword = report.privacy === 2 && report.hasPassword !== false;
  const passwordRequired = privacy === 2 && !keepsPassword;
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
      ...(privacy === 2 && password.value !== '' ? { password: password.value } : {}),
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
        <SelectField
          id="details-privacy"
          label={t('reportsColumnPrivacy')}
          value={privacy === null ? '' : String(privacy)}
          options={privacy === null ? [unknownOption(), ...privacyOptions()] : privacyOptions()}
          hint={privacy === null ? t('reportsPrivacyUnknownHint') : null}
          error={serverErrors?.privacy}
          onChange={(value) => {
            picked.value = Number(value) as Privacy;
            passwordError.value = null;
          }}
        />
        {privacy === 2 ? (
          <div class="field">
            <label for="details-password">{t('reportsPasswordLabel')}</label>
            <input
              id="details-password"
              type="password"
              autoComplete="new-password"
              value={password.value}
              required={passwordRequired}
              aria-required={passwordRequired}
              {...fieldAria('details-password', passwordMessage, passwordHint)}
              onInput={(event) => (password.value = event.currentTarget.value)}
            />
            <FieldNote id="details-password" error={passwordMessage} hint={passwordHint} />
          </div>
        ) : null}
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
