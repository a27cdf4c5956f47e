// Several connections: the list in Settings (rename, test, remove, make active), the form that adds one,
// and the switcher in the options page's header. With one connection only "Add another connection" shows.
import { useEffect, useRef, useState } from 'preact/hooks';
import { useFocusAfterBusy } from '@/components/focus-after-busy';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { ConnectionSwitcher } from '@/components/ConnectionSwitcher';
import { FieldNote, fieldAria } from '@/components/field-note';
import { TextField } from '@/components/TextField';
import { t } from '@/lib/i18n';
import { ACTIVE_CONNECTION_KEY } from '@/lib/storage-keys';
import type { ConnectionSummary } from '@/lib/messaging/protocol';
import { send } from '@/lib/messaging/send';
import { browser } from '@/lib/page-browser';
import {
  changingFromHere,
  createConnectionsModel,
  sendChange,
  type AddField,
  type ConnectionsModel,
} from './connections-model';
import { StatusLine } from './StatusLine';

const NOTE_KEY = 'pageReports.connectionNote';

/** `note` is said once the page is back. */
function startAgain(note: string) {
  sessionStorage.setItem(NOTE_KEY, note);
  location.reload();
}

function takeNote(): string | null {
  const note = sessionStorage.getItem(NOTE_KEY);
  sessionStorage.removeItem(NOTE_KEY);
  return note;
}

export function ConnectionsPanel({ connections }: { connections: ConnectionSummary[] }) {
  const [model] = useState(() => createConnectionsModel(send, { startAgain, note: takeNote() }));
  if (connections.length === 0) return null;
  const busy = model.busy.value;
  const status = model.status.value;
  const removing = model.removing.value;

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
              {model.renaming.value === connection.id ? (
                <RenameForm connection={connection} model={model} />
              ) : (
                <span class="connection-actions">
                  {connectionActions(model, connection).map(({ text, name, act }) => (
                    <button key={text} type="button" disabled={busy} aria-label={name} onClick={act}>
                      {text}
                    </button>
                  ))}
                </span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {model.adding.value ? (
        <AddForm model={model} />
      ) : (
        <button type="button" onClick={model.openAdd}>
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
        onCancel={model.cancelRemove}
        onConfirm={() => void model.remove()}
      >
        <p>{t('connRemoveText')}</p>
      </ConfirmDialog>
    </section>
  );
}

interface ConnectionAction {
  text: string;
  /** The button's name, with the connection's. */
  name: string;
  act: () => void;
}

function connectionActions(model: ConnectionsModel, connection: ConnectionSummary): ConnectionAction[] {
  const { label } = connection;
  const makeActive = () => void model.makeActive(connection);
  return [
    ...(connection.active
      ? []
      : [{ text: t('connMakeActive'), name: t('connMakeActiveNamed', label), act: makeActive }]),
    { text: t('connRename'), name: t('connRenameNamed', label), act: () => model.startRename(connection) },
    { text: t('connTest'), name: t('connTestNamed', label), act: () => void model.test(connection) },
    { text: t('connRemove'), name: t('connRemoveNamed', label), act: () => model.askRemove(connection) },
  ];
}

function RenameForm({ connection, model }: { connection: ConnectionSummary; model: ConnectionsModel }) {
  const id = `rename-${connection.id}`;
  const error = model.renameError.value;
  function onSubmit(event: Event) {
    event.preventDefault();
    void model.rename(connection);
  }
  return (
    <form class="connection-rename" onSubmit={onSubmit} noValidate>
      <label for={id}>{t('connRenameField', connection.label)}</label>
      <input
        id={id}
        value={model.renameLabel.value}
        onInput={(e) => model.setRenameLabel(e.currentTarget.value)}
        {...fieldAria(id, error)}
      />
      <FieldNote id={id} error={error} />
      <button type="submit">{t('connRenameSave')}</button>
      <button type="button" onClick={model.cancelRename}>
        {t('uiCancel')}
      </button>
    </form>
  );
}

function AddForm({ model }: { model: ConnectionsModel }) {
  const values = model.addValues.value;
  const errors = model.addErrors.value;
  const addButton = useRef<HTMLButtonElement>(null);
  const anywayButton = useRef<HTMLButtonElement>(null);
  useFocusAfterBusy(model.addBusy.value, anywayButton, addButton);

  function onSubmit(event: Event) {
    event.preventDefault();
    void model.add();
  }

  const field = (name: AddField) => ({
    id: `add-connection-${name}`,
    value: values[name],
    onInput: (value: string) => model.setAddValue(name, value),
    error: errors[name],
  });

  return (
    <form class="connection-add" aria-labelledby="add-connection-heading" onSubmit={onSubmit} noValidate>
      <h4 id="add-connection-heading">{t('connAddHeading')}</h4>
      <TextField {...field('label')} label={t('connLabelLabel')} type="text" hint={t('connLabelHint')} />
      <TextField
        {...field('baseUrl')}
        label={t('settingsBaseUrlLabel')}
        type="url"
        inputMode="url"
        placeholder="https://reports.example.com"
        hint={t('settingsBaseUrlHint')}
      />
      <TextField
        {...field('apiKey')}
        label={t('settingsKeyLabel')}
        type="password"
        autoComplete="off"
        spellcheck={false}
      />
      <div class="settings-actions">
        <button ref={addButton} type="submit" class="primary" disabled={model.addBusy.value}>
          {t('connAddSubmit')}
        </button>
        {model.addRejected.value ? (
          <button
            ref={anywayButton}
            type="button"
            onClick={() => void model.addAnyway()}
            disabled={model.addBusy.value}
          >
            {t('connAddAnyway')}
          </button>
        ) : null}
        <button type="button" onClick={model.closeAdd}>
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
  useEffect(() => {
    const onChanged = (changes: Record<string, { oldValue?: unknown; newValue?: unknown }>, area: string) => {
      // From one connection to another (not the first one saved, nor the last one removed).
      const change = changes[ACTIVE_CONNECTION_KEY];
      const switched = !!change?.oldValue && !!change.newValue && change.oldValue !== change.newValue;
      if (area === 'session' && switched && !changingFromHere()) location.reload();
    };
    browser.storage.onChanged.addListener(onChanged);
    return () => browser.storage.onChanged.removeListener(onChanged);
  }, []);
  return (
    <ConnectionSwitcher
      labelShown
      switchTo={(id) => sendChange(send, 'connections.switch', { id })}
      onSwitched={(chosen) => startAgain(t('connSwitched', chosen.label))}
    />
  );
}
