// Several connections (issue 11): the list in Settings (rename, test, remove, make active), the form that
// adds one, and the switcher in the options page's header. Loaded on demand (connections-slot.ts), after the
// page's first paint. With one connection only "Add another connection" shows.
import { useEffect, useState } from 'preact/hooks';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { FieldNote, fieldAria } from '@/components/field-note';
import type { ApiError } from '@/lib/api/errors';
import { checkBaseUrl, originPattern } from '@/lib/base-url';
import { t } from '@/lib/i18n';
import { CONNECTION_STASH_PREFIX } from '@/lib/storage-keys';
import type { ConnectionSummary } from '@/lib/messaging/protocol';
import { send } from '@/lib/messaging/send';
import { browser } from '@/lib/page-browser';
import { connectedText, type SettingsStatus } from './settings-model';
import { StatusLine } from './StatusLine';

const NOTE_KEY = 'pageReports.connectionNote';

/** A change this page asked for: it starts again itself, once the answer (and its note) is here. */
let changingHere = false;

function sendChange<T extends 'connections.add' | 'connections.switch' | 'connections.remove'>(
  type: T,
  payload: Parameters<typeof send<T>>[1],
) {
  changingHere = true;
  // Kept on success: the page starts again; the event of the switch may come after the answer.
  return send(type, payload).then((result) => {
    if (!result.ok) changingHere = false;
    return result;
  });
}

/**
 * Another connection (or another list of them): the page starts again, so every section shows the new
 * one's data (its lists from its own cache at once); `note` is said once the page is back.
 */
function startAgain(note: string) {
  sessionStorage.setItem(NOTE_KEY, note);
  location.reload();
}

function takeNote(): SettingsStatus {
  const note = sessionStorage.getItem(NOTE_KEY);
  sessionStorage.removeItem(NOTE_KEY);
  return note ? { tone: 'success', text: note } : null;
}

const errorStatus = (error: ApiError): SettingsStatus => ({
  tone: 'error',
  text: error.message,
  detail: error.detail,
});

export function ConnectionsPanel({ connections }: { connections: ConnectionSummary[] }) {
  const [status, setStatus] = useState<SettingsStatus>(takeNote);
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [removing, setRemoving] = useState<ConnectionSummary | null>(null);
  const [busy, setBusy] = useState(false);
  if (connections.length === 0) return null;

  async function run(work: Promise<void>) {
    setBusy(true);
    await work;
    setBusy(false);
  }

  const test = (connection: ConnectionSummary) =>
    run(
      (async () => {
        setStatus({ tone: 'info', text: t('settingsTesting') });
        const result = await send('settings.test', { id: connection.id });
        setStatus(
          result.ok ? { tone: 'success', text: connectedText(result.data) } : errorStatus(result.error),
        );
      })(),
    );

  const change = (
    type: 'connections.switch' | 'connections.remove',
    connection: ConnectionSummary,
    note: string,
  ) =>
    run(
      (async () => {
        const result = await sendChange(type, { id: connection.id });
        if (result.ok) startAgain(note);
        else setStatus(errorStatus(result.error));
      })(),
    );

  return (
    <section aria-labelledby={connections.length > 1 ? 'connections-heading' : undefined} class="connections">
      {connections.length > 1 ? <h3 id="connections-heading">{t('connListHeading')}</h3> : null}
      {connections.length > 1 ? (
        <ul class="connection-list" aria-labelledby="connections-heading">
          {connections.map((connection) => (
            <li key={connection.id} class="connection">
              <span class="connection-name">
                <strong>{connection.label}</strong> <span class="hint">{connection.baseUrl}</span>
                {connection.active ? <span class="connection-active"> · {t('connActiveMark')}</span> : null}
              </span>
              {renaming === connection.id ? (
                <RenameForm
                  connection={connection}
                  onDone={(note) => (note ? startAgain(note) : setRenaming(null))}
                />
              ) : (
                <span class="connection-actions">
                  {connection.active ? null : (
                    <button
                      type="button"
                      disabled={busy}
                      aria-label={t('connMakeActiveNamed', connection.label)}
                      onClick={() =>
                        void change('connections.switch', connection, t('connSwitched', connection.label))
                      }
                    >
                      {t('connMakeActive')}
                    </button>
                  )}
                  <button
                    type="button"
                    disabled={busy}
                    aria-label={t('connRenameNamed', connection.label)}
                    onClick={() => setRenaming(connection.id)}
                  >
                    {t('connRename')}
                  </button>
                  <button
                    type="button"
                    disabled={busy}
                    aria-label={t('connTestNamed', connection.label)}
                    onClick={() => void test(connection)}
                  >
                    {t('connTest')}
                  </button>
                  <button
                    type="button"
                    disabled={busy}
                    aria-label={t('connRemoveNamed', connection.label)}
                    onClick={() => setRemoving(connection)}
                  >
                    {t('connRemove')}
                  </button>
                </span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {adding ? (
        <AddForm onCancel={() => setAdding(false)} />
      ) : (
        <button type="button" onClick={() => setAdding(true)}>
          {t('connAddButton')}
        </button>
      )}
      {/* With one connection and nothing to say, Settings keeps its one status line. */}
      {connections.length > 1 || status ? <StatusLine status={status} /> : null}
      <ConfirmDialog
        open={removing !== null}
        title={removing ? t('connRemoveTitle', removing.label) : ''}
        confirmLabel={t('connRemove')}
        busy={busy}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && void change('connections.remove', removing, t('connRemoved'))}
      >
        <p>{t('connRemoveText')}</p>
      </ConfirmDialog>
    </section>
  );
}

function RenameForm({
  connection,
  onDone,
}: {
  connection: ConnectionSummary;
  onDone: (note: string | null) => void;
}) {
  const [label, setLabel] = useState(connection.label);
  const [error, setError] = useState<string | null>(null);
  const id = `rename-${connection.id}`;
  async function onSubmit(event: Event) {
    event.preventDefault();
    const result = await send('connections.rename', { id: connection.id, label });
    if (result.ok) onDone(t('connRenamed'));
    else setError(result.error.fieldErrors?.label?.join(' ') ?? result.error.message);
  }
  return (
    <form class="connection-rename" onSubmit={(event) => void onSubmit(event)} noValidate>
      <label for={id}>{t('connRenameField', connection.label)}</label>
      <input
        id={id}
        value={label}
        onInput={(e) => setLabel(e.currentTarget.value)}
        {...fieldAria(id, error)}
      />
      <FieldNote id={id} error={error} />
      <button type="submit">{t('connRenameSave')}</button>
      <button type="button" onClick={() => onDone(null)}>
        {t('uiCancel')}
      </button>
    </form>
  );
}

type AddField = 'label' | 'baseUrl' | 'apiKey';

function AddForm({ onCancel }: { onCancel: () => void }) {
  const [values, setValues] = useState<Record<AddField, string>>({ label: '', baseUrl: '', apiKey: '' });
  const [errors, setErrors] = useState<Partial<Record<AddField, string>>>({});
  const [busy, setBusy] = useState(false);
  const set = (field: AddField) => (event: { currentTarget: HTMLInputElement }) =>
    setValues({ ...values, [field]: event.currentTarget.value });

  function onSubmit(event: Event) {
    event.preventDefault();
    // Checked here first so no access is asked for to a server that could not be saved.
    const checked = checkBaseUrl(values.baseUrl);
    if (!checked.ok) return setErrors({ baseUrl: checked.message });
    if (!values.apiKey.trim()) return setErrors({ apiKey: t('settingsKeyMissing') });
    setErrors({});
    setBusy(true);
    // Asked in the click itself, before anything is awaited, or the browser refuses to show the prompt.
    const permission = browser.permissions
      .request({ origins: [originPattern(checked.origin)] })
      .catch(() => false);
    void permission.then(async () => {
      const result = await sendChange('connections.add', { ...values, baseUrl: checked.baseUrl });
      setBusy(false);
      if (result.ok) return startAgain(t('connAdded'));
      const fields = result.error.fieldErrors ?? {};
      setErrors({
        label: fields.label?.join(' '),
        baseUrl: fields.baseUrl?.join(' '),
        apiKey:
          fields.apiKey?.join(' ') ?? (fields.label || fields.baseUrl ? undefined : result.error.message),
      });
    });
  }

  const field = (name: AddField, label: string, props: Record<string, unknown>, hint?: string) => {
    const id = `add-connection-${name}`;
    return (
      <div class="field">
        <label for={id}>{label}</label>
        <input
          id={id}
          value={values[name]}
          onInput={set(name)}
          {...props}
          {...fieldAria(id, errors[name], hint)}
        />
        <FieldNote id={id} error={errors[name]} hint={hint} />
      </div>
    );
  };

  return (
    <form class="connection-add" aria-labelledby="add-connection-heading" onSubmit={onSubmit} noValidate>
      <h4 id="add-connection-heading">{t('connAddHeading')}</h4>
      {field('label', t('connLabelLabel'), { type: 'text' }, t('connLabelHint'))}
      {field(
        'baseUrl',
        t('settingsBaseUrlLabel'),
        { type: 'url', inputMode: 'url', placeholder: 'https://reports.example.com' },
        t('settingsBaseUrlHint'),
      )}
      {field('apiKey', t('settingsKeyLabel'), { type: 'password', autoComplete: 'off', spellcheck: false })}
      <div class="settings-actions">
        <button type="submit" class="primary" disabled={busy}>
          {t('connAddSubmit')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('uiCancel')}
        </button>
      </div>
    </form>
  );
}

/**
 * The options page header's switcher: shown only with two connections or more. A switch made elsewhere (the
 * popup, another tab) starts this page again too, so it never shows one connection's data under another.
 */
export function HeaderSwitcher() {
  const [connections, setConnections] = useState<ConnectionSummary[]>([]);
  useEffect(() => {
    void send('settings.get', {}).then(
      (result) => result.ok && setConnections(result.data.connections ?? []),
    );
    const onChanged = (changes: Record<string, { newValue?: unknown }>, area: string) => {
      const switched = Object.keys(changes).some(
        (key) => key.startsWith(CONNECTION_STASH_PREFIX) && changes[key]?.newValue !== undefined,
      );
      if (area === 'session' && switched && !changingHere) location.reload();
    };
    browser.storage.onChanged.addListener(onChanged);
    return () => browser.storage.onChanged.removeListener(onChanged);
  }, []);
  if (connections.length < 2) return null;
  return <ConnectionSelect connections={connections} />;
}

/** A labelled select of the connections; choosing one makes it active and starts the page again. */
export function ConnectionSelect({ connections }: { connections: ConnectionSummary[] }) {
  const [busy, setBusy] = useState(false);
  async function onChange(id: string) {
    const chosen = connections.find((connection) => connection.id === id);
    if (!chosen) return;
    setBusy(true);
    const result = await sendChange('connections.switch', { id });
    if (result.ok) startAgain(t('connSwitched', chosen.label));
    else setBusy(false);
  }
  return (
    <label class="connection-switcher">
      <span>{t('connSwitcherLabel')}</span>
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
  );
}
