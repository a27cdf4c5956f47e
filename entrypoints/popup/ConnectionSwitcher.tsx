// The popup header's connection switcher (issue 11): shown only with two connections or more. Asked for
// after the first paint, so the popup's start-up does not wait for it.
import { useEffect, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import type { ConnectionSummary } from '@/lib/messaging/protocol';
import { send } from '@/lib/messaging/send';

export function ConnectionSwitcher() {
  const [connections, setConnections] = useState<ConnectionSummary[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void send('settings.get', {}).then(
      (result) => result.ok && setConnections(result.data.connections ?? []),
    );
  }, []);
  if (connections.length < 2) return null;

  async function onChange(id: string) {
    setBusy(true);
    // The popup starts again: the new connection's cached data first, then its fresh answers.
    if ((await send('connections.switch', { id })).ok) location.reload();
    else setBusy(false);
  }
  return (
    <select
      class="connection-switcher"
      aria-label={t('connSwitcherLabel')}
      disabled={busy}
      value={connections.find((connection) => connection.active)?.id}
      onChange={(event) => void onChange(event.currentTarget.value)}
    >
      {connections.map((connection) => (
        <option key={connection.id} value={connection.id}>
          {connection.label}
        </option>
      ))}
    </select>
  );
}
