// Changing the connection from this page: the page starts again on the new one, and says what happened.
import { useEffect } from 'preact/hooks';
import { ConnectionSwitcher } from '@/components/ConnectionSwitcher';
import { followSwitch } from '@/lib/connection-space';
import { t } from '@/lib/i18n';
import type { PageInput } from '@/lib/messaging/protocol';
import { send } from '@/lib/messaging/send';

/** A switch seen in storage is this page's own: it starts again by itself, once the answer is here. */
let changingHere = false;

export const changingFromHere = () => changingHere;

export type Change = 'connections.add' | 'connections.switch' | 'connections.remove';

export function sendChange<T extends Change>(type: T, payload: PageInput<T>) {
  changingHere = true;
  // Kept on success: the page starts again; the event of the switch may come after the answer.
  return send(type, payload).then((result) => {
    if (!result.ok) changingHere = false;
    return result;
  });
}

const NOTE_KEY = 'pageReports.connectionNote';

/** `note` is said once the page is back. */
export function startAgain(note: string) {
  sessionStorage.setItem(NOTE_KEY, note);
  location.reload();
}

export function takeNote(): string | null {
  const note = sessionStorage.getItem(NOTE_KEY);
  sessionStorage.removeItem(NOTE_KEY);
  return note;
}

/** The header's switcher. A switch made elsewhere (the popup, another tab) starts this page again too. */
export function HeaderSwitcher() {
  // From one connection to another: Settings' own save of the first one, or of this one as another
  // account, leaves the page as it is.
  useEffect(() => {
    let last: string | null = null;
    followSwitch((shown, now) => {
      const from = last ?? shown.id;
      last = now.id;
      if (from && now.id && from !== now.id && !changingFromHere()) location.reload();
    });
  }, []);
  return (
    <ConnectionSwitcher
      labelShown
      switchTo={(id) => sendChange('connections.switch', { id })}
      onSwitched={(chosen) => startAgain(t('connSwitched', chosen.label))}
    />
  );
}
