import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { FieldNote } from '@/components/fields';
import { useFocusAfterBusy } from '@/components/focus-after-busy';
import { PrivacyFields } from '@/components/PrivacyFields';
import type { CreateForm } from './create-form';
import { PopupError } from './PopupError';
import type { StartFocus } from './start-focus';
import { t } from '@/lib/i18n';

// A server message about any other field is listed above the button (the address has no field).
const FORM_FIELDS = ['privacy', 'password', 'url'];

export interface CreateReportFormProps {
  form: CreateForm;
  another: boolean;
  /** Until the background said which privacy to start from, the form keeps its room, hidden. */
  ready: boolean;
  onOpenSettings: () => void;
  /** Puts focus on the button at start, unless the person or a found report has it. */
  placeFocus: StartFocus['place'];
  /** Below the error: what looking for a create that may have happened found. */
  children?: ComponentChildren;
}

export function CreateReportForm({
  form,
  another,
  ready,
  onOpenSettings,
  placeFocus,
  children,
}: CreateReportFormProps) {
  const submitButton = useRef<HTMLButtonElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const privacy = form.privacy.value;
  const errors = form.fieldErrors.value;
  const submitting = form.submitting.value;
  const otherErrors = Object.entries(errors).filter(([field]) => !FORM_FIELDS.includes(field));
  const question = form.question.value;

  // Focus starts on the button once usable, unless something else took it; on a page with a report, its
  // card's Regenerate has it.
  useEffect(() => {
    if (ready && !another) placeFocus(submitButton.current);
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
            class={another ? undefined : 'primary'}
            disabled={submitting}
            aria-describedby="create-progress"
          >
            {t('popupCreateReport')}
          </button>
          <span id="create-progress" class="status" role="status">
            {submitting ? t('popupAnalysing') : form.waiting.value ? t('popupCheckingFirst') : ''}
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
        {children}
      </form>
      {question ? (
        <ConfirmDialog
          open
          title={question === 'unknown' ? t('popupMayHaveReportTitle') : t('popupHasReportTitle')}
          confirmLabel={question === 'unknown' ? t('popupCreateAnyway') : t('popupCreateAnotherConfirm')}
          onConfirm={() => void form.confirm()}
          onCancel={form.cancel}
          fallbackFocus={() => submitButton.current}
        >
          <p>{question === 'unknown' ? t('popupMayHaveReportBody') : t('popupHasReportBody')}</p>
        </ConfirmDialog>
      ) : null}
    </>
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
