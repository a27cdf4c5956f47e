import { useEffect, useRef, useState } from 'preact/hooks';
import { FieldNote } from '@/components/field-note';
import { PrivacyFields } from '@/components/PrivacyFields';
import type { CreateForm } from './create-form';
import { PopupError } from './PopupError';
import { RecheckNote } from './RecheckNote';
import { t } from '@/lib/i18n';

// A server message about any other field is listed above the button (the address has no field).
const FORM_FIELDS = ['privacy', 'password', 'url'];

const looked = () => ({
  looking: t('popupLookingForIt'),
  found: t('popupLookedFound'),
  none: t('popupLookedNone'),
});

export interface CreateReportFormProps {
  form: CreateForm;
  another: boolean;
  /** Until the background said which privacy to start from, the form keeps its room, hidden. */
  ready: boolean;
  onOpenSettings: () => void;
}

export function CreateReportForm({ form, another, ready, onOpenSettings }: CreateReportFormProps) {
  const submitButton = useRef<HTMLButtonElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const privacy = form.privacy.value;
  const errors = form.fieldErrors.value;
  const submitting = form.submitting.value;
  const otherErrors = Object.entries(errors).filter(([field]) => !FORM_FIELDS.includes(field));
  const recheck = form.recheck.value;

  // Focus starts on the button once usable, unless something else took it.
  useEffect(() => {
    if (ready && (document.activeElement === document.body || !document.activeElement))
      submitButton.current?.focus();
  }, [ready]);
  // A disabled button drops focus; give it back once the request is done.
  useEffect(() => {
    if (!submitting && document.activeElement === document.body) submitButton.current?.focus();
  }, [submitting]);
  useEffect(() => {
    if (errors.password) passwordInput.current?.focus();
  }, [errors.password]);

  return (
    <form
      class={ready ? 'create-form' : 'create-form create-form--waiting'}
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit();
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
          class="primary"
          disabled={submitting}
          aria-describedby="create-progress"
        >
          {t('popupCreateReport')}
        </button>
        <span id="create-progress" class="status" role="status">
          {submitting ? t('popupAnalysing') : ''}
        </span>
        {submitting ? <Elapsed since={form.startedAt.value} /> : null}
      </div>
      {form.error.value ? (
        <PopupError
          error={form.error.value}
          context={t('popupCouldNotCreate')}
          onRetry={() => void form.submit()}
          onOpenSettings={onOpenSettings}
        />
      ) : null}
      {recheck ? (
        <RecheckNote
          recheck={recheck}
          said={looked()}
          again={t('popupLookAgain')}
          onAgain={() => void form.lookAgain()}
        />
      ) : null}
    </form>
  );
}

/** Seconds since the create started; outside the status region, which would say each. */
function Elapsed({ since }: { since: number | null }) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (since === null) return null;
  const seconds = Math.max(0, Math.floor((now - since) / 1000));
  return (
    <span class="status elapsed" aria-hidden="true">
      {seconds.toLocaleString(undefined, { style: 'unit', unit: 'second', unitDisplay: 'narrow' })}
    </span>
  );
}
