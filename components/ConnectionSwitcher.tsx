// The pages' connection switcher, with two connections or more; asked for after the first paint.
import { useEffect, useState } from 'preact/hooks';
import type { Result } from '@/lib/api/errors';
import { t } from '@/lib/i18n';
import type { ConnectionSummary } from '@/lib/messaging/protocol';
import { send } from '@/lib/messaging/send';

interface ConnectionSwitcherProps {
  switchTo?: (id: string) => Promise<Result<unknown>>;
  onSwitched: (connection: ConnectionSummary) => void;
  labelShown?: boolean;
}

const sendSwitch = (id: string) => send('connections.switch', { id });

export function ConnectionSwitcher({
  switchTo = sendSwitch,
  onSwitched,
  labelShown,
}: ConnectionSwitcherProps) {
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
    const chosen = connections.find((connection) => connection.id === id);
    if (!chosen) return;
    setBusy(true);
    setFailure(null);
    const result = await switchTo(id);
    if (result.ok) return onSwitched(chosen);
    setFailure(result.error.message);
    setBusy(false);
  }
  return (
    <div class="connection-switcher">
      <label>
        <span class={labelShown ? undefined : 'visually-hidden'}>{t('connSwitcherLabel')}</span>
        <select
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
      </label>
      {failure ? (
        <p role="alert" class="inline-alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
