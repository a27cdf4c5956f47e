// The popup header's connection switcher (issue 11): shown only with two connections or more. Asked for
// after the first paint, so the popup's start-up does not wait for it.
import { useEffect, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import type { ConnectionSummary } from '@/lib/messaging/protocol';
import { send } from '@/lib/messaging/send';

export function ConnectionSwitcher() {
  const [connections, setConnections] = useState<ConnectionSummary[]>([]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    void send('settings.get', {}).then(
      (result) => result.ok && setConnections(result.data.connections ?? []),
    );
  }, []);
  if (connections.length < 2) return null;

  async function onChange(id: string) {
    setBusy(true);
    setFailure(null);
    const result = await send('connections.switch', { id });
    // The popup starts again: the new connection's cached data first, then its fresh answers.
    if (result.ok) return location.reload();
    // Refused (removed meanwhile, storage failed): said here; the select shows the active one again.
    setFailure(result.error.message);
    setBusy(false);
  }
  return (
    <div class="connection-switcher">
      <select
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
      {failure ? (
        <p role="alert" class="inline-alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
