// Changing the connection from this page: the page starts again on the new one, and says what happened.
import { useEffect } from 'preact/hooks';
import { ConnectionSwitcher } from '@/components/ConnectionSwitcher';
import { followSwitch } from '@/lib/connection-space';
import { t } from '@/lib/i18n';
import type { PageInput } from '@/lib/messaging/protocol';
import { send } from '@/lib/messaging/send';
import type { SettingsStatus } from './settings-model';

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

/** Where a note is said: on Settings' form, or the list of connections. */
type NotePlace = 'form' | 'connections';

const noteKey = (place: NotePlace) => `pageReports.${place === 'form' ? 'settingsNote' : 'connectionNote'}`;

/** `note` (a text is a success) is said once the page is back, on the status line of `place`. */
export function startAgain(note: string | NonNullable<SettingsStatus>, place: NotePlace = 'connections') {
  const status = typeof note === 'string' ? { tone: 'success', text: note } : note;
  sessionStorage.setItem(noteKey(place), JSON.stringify(status));
  location.reload();
}

export function takeNote(place: NotePlace = 'connections'): SettingsStatus {
  const note = sessionStorage.getItem(noteKey(place));
  sessionStorage.removeItem(noteKey(place));
  return note === null ? null : (JSON.parse(note) as SettingsStatus);
}

/** The header's switcher. A switch made elsewhere (the popup, another tab) starts this page again too. */
export function HeaderSwitcher() {
  // From one connection to another: Settings' own save of the first one, or of this one as another
  // account, starts the page again itself, once its answer is here (settings-model).
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
