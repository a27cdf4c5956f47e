import { useEffect, useRef, useState } from 'preact/hooks';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { FieldNote } from '@/components/fields';
import { useFocusAfterBusy } from '@/components/focus-after-busy';
import { PrivacyFields } from '@/components/PrivacyFields';
import type { PopupModel } from './popup-model';
import { WriteFailure } from './WriteFailure';
import { t } from '@/lib/i18n';

// A server message about any other field is listed above the button (the address has no field).
const FORM_FIELDS = ['privacy', 'password', 'url'];

export function CreateReportForm({ model }: { model: PopupModel }) {
  const { form } = model;
  const submitButton = useRef<HTMLButtonElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const another = Boolean(model.pageReport.value.value);
  // Until the background said which privacy to start from, the form keeps its room, hidden.
  const ready = model.setup.value === 'ready';
  const privacy = form.privacy.value;
  const errors = form.fieldErrors.value;
  const create = model.writeOf('create');
  const submitting = create?.step === 'pending';
  const question = create?.step === 'exists' || create?.step === 'unknown' ? create.step : null;
  const otherErrors = Object.entries(errors).filter(([field]) => !FORM_FIELDS.includes(field));

  // Focus starts on the button once usable, unless something else took it; on a page with a report, its
  // card's Regenerate has it.
  useEffect(() => {
    if (ready && !another) model.startFocus.place(submitButton.current);
  }, [ready, another]);
  // The question is asked before a create, never after one.
  useFocusAfterBusy(submitting, { current: null }, submitButton);
  useEffect(() => {
    if (errors.password) passwordInput.current?.focus();
  }, [errors.password]);

  return (
    <>
      <form
        class={ready ? 'create-form' : 'create-form create-form--waiting'}
        onSubmit={(event) => {
          event.preventDefault();
          void model.create();
        }}
        noValidate
        aria-labelledby="create-heading"
      >
        <h2 id="create-heading">{another ? t('popupCreateAnother') : t('popupCreateHeading')}</h2>
        <PrivacyFields
          ids={{ privacy: 'privacy', password: 'report-password' }}
          labels={{ privacy: t('popupPrivacy'), password: t('uiPrivacyPassword') }}
          privacy={privacy}
          onPrivacy={form.choosePrivacy}
          password={form.password.value}
          onPassword={form.setPassword}
          passwordRequired
          passwordHint={t('popupPasswordHint')}
          errors={errors}
          reveal={{ shown: form.passwordShown.value, onToggle: form.togglePasswordShown }}
          passwordRef={passwordInput}
        />
        {otherErrors.map(([field, messages]) => (
          <FieldNote key={field} id={field} error={messages} />
        ))}
        <div class="create-actions">
          <button
            ref={submitButton}
            type="submit"
            class={another ? undefined : 'primary'}
            disabled={model.write.value?.step === 'pending'}
            aria-describedby="create-progress"
          >
            {t('popupCreateReport')}
          </button>
          <span id="create-progress" class="status" role="status">
            {submitting ? t('popupAnalysing') : create?.step === 'checking' ? t('popupCheckingFirst') : ''}
          </span>
          {submitting ? <Elapsed since={create.since} /> : null}
        </div>
        <WriteFailure model={model} kind="create" />
      </form>
      {question ? (
        <ConfirmDialog
          open
          title={question === 'unknown' ? t('popupMayHaveReportTitle') : t('popupHasReportTitle')}
          confirmLabel={question === 'unknown' ? t('popupCreateAnyway') : t('popupCreateAnotherConfirm')}
          onConfirm={() => void model.confirm()}
          onCancel={model.cancel}
          fallbackFocus={() => submitButton.current}
        >
          <p>{question === 'unknown' ? t('popupMayHaveReportBody') : t('popupHasReportBody')}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

/** Seconds since the create started; outside the status region, which would say each. */
function Elapsed({ since }: { since: number }) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.floor((now - since) / 1000));
  return (
    <span class="status elapsed" aria-hidden="true">
      {seconds.toLocaleString(undefined, { style: 'unit', unit: 'second', unitDisplay: 'narrow' })}
    </span>
  );
}
