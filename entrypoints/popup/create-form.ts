// The "Create report" form's fields: privacy, and the password only for Password, forgotten once sent.
import { PRIVACY, type Privacy } from '@/lib/api/types';
import { send } from '@/lib/messaging/send';
import { batch, signal } from '@preact/signals';
import { t } from '@/lib/i18n';

export type CreateForm = ReturnType<typeof createCreateForm>;

export function createCreateForm() {
  const privacy = signal<Privacy>(PRIVACY.public);
  const password = signal('');
  const passwordShown = signal(false);
  const fieldErrors = signal<Record<string, string[]>>({});
  // Set once the person picks a privacy, so a late snapshot never overrides them.
  let privacyChosen = false;

  function clearFieldErrors(...fields: string[]) {
    const rest = { ...fieldErrors.value };
    for (const field of fields) delete rest[field];
    fieldErrors.value = rest;
  }

  function forgetPassword() {
    password.value = '';
    passwordShown.value = false;
  }

  return {
    privacy,
    password,
    passwordShown,
    fieldErrors,

    restorePrivacy(last: Privacy) {
      if (!privacyChosen) privacy.value = last;
    },

    choosePrivacy(next: Privacy) {
      privacyChosen = true;
      void send('popup.rememberPrivacy', { privacy: next });
      batch(() => {
        privacy.value = next;
        if (next !== PRIVACY.password) forgetPassword();
        clearFieldErrors('privacy', 'password');
      });
    },

    setPassword(value: string) {
      password.value = value;
      clearFieldErrors('password');
    },

    togglePasswordShown() {
      passwordShown.value = !passwordShown.value;
    },

    /** False, and says so next to the field, when Password has none. */
    passwordGiven(): boolean {
      const missing = privacy.value === PRIVACY.password && password.value === '';
      if (missing) fieldErrors.value = { password: [t('popupEnterPassword')] };
      return !missing;
    },

    /** What a create of `url` sends; the password leaves the popup's memory with it, whatever the answer. */
    takePayload(url: string) {
      const chosen = privacy.value;
      const payload =
        chosen === PRIVACY.password
          ? { url, privacy: chosen, password: password.value }
          : { url, privacy: chosen };
      batch(forgetPassword);
      return payload;
    },
  };
}
