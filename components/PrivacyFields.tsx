// Privacy and the password Password needs, asked the same way by the popup and the options page.
import type { Ref } from 'preact';
import { PRIVACY, PRIVACY_VALUES, type Privacy } from '@/lib/api/types';
import { PRIVACY_NAMES } from '@/lib/format';
import { t } from '@/lib/i18n';
import { FieldNote, fieldAria, SelectField, type FieldError, type SelectOption } from './fields';

export interface PrivacyFieldsProps {
  ids: { privacy: string; password: string };
  labels: { privacy: string; password: string };
  /** null: the service did not say. */
  privacy: Privacy | null;
  onPrivacy: (privacy: Privacy) => void;
  /** Never stored, logged or cached. */
  password: string;
  onPassword: (password: string) => void;
  passwordRequired: boolean;
  passwordHint: string;
  errors?: { privacy?: FieldError; password?: FieldError };
  reveal?: { shown: boolean; onToggle: () => void };
  passwordRef?: Ref<HTMLInputElement>;
}

function options(privacy: Privacy | null): SelectOption<string>[] {
  const known = PRIVACY_VALUES.map((value) => ({ value: String(value), label: PRIVACY_NAMES[value] }));
  // Picking nothing must not make the report public: the unknown value shows, but cannot be chosen.
  return privacy === null
    ? [{ value: '', label: t('reportsPrivacyUnknown'), disabled: true }, ...known]
    : known;
}

export function PrivacyFields(props: PrivacyFieldsProps) {
  const { ids, labels, privacy, errors, reveal } = props;
  return (
    <>
      <SelectField
        id={ids.privacy}
        label={labels.privacy}
        value={privacy === null ? '' : String(privacy)}
        options={options(privacy)}
        hint={privacy === null ? t('reportsPrivacyUnknownHint') : null}
        error={errors?.privacy}
        // The option values are the privacy values written as text.
        onChange={(value) => props.onPrivacy(Number(value) as Privacy)}
      />
      {privacy === PRIVACY.password ? (
        <div class="field">
          <label for={ids.password}>{labels.password}</label>
          <input
            id={ids.password}
            ref={props.passwordRef}
            type={reveal?.shown ? 'text' : 'password'}
            required={props.passwordRequired}
            autoComplete="new-password"
            spellcheck={false}
            value={props.password}
            onInput={(event) => props.onPassword(event.currentTarget.value)}
            {...fieldAria(ids.password, errors?.password, props.passwordHint)}
          />
          {reveal ? (
            <button
              type="button"
              aria-controls={ids.password}
              aria-label={reveal.shown ? t('popupHidePassword') : t('popupShowPassword')}
              onClick={reveal.onToggle}
            >
              {reveal.shown ? t('popupHide') : t('popupShow')}
            </button>
          ) : null}
          <FieldNote id={ids.password} error={errors?.password} hint={props.passwordHint} />
        </div>
      ) : null}
    </>
  );
}
