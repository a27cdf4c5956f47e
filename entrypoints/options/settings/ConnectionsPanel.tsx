// Several connections: Settings' list and the form that adds one. Another connection
// (or another list of them) starts the page again, so every section shows its data.
import { batch, signal, useSignal } from '@preact/signals';
import type { ComponentChildren } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { TextField } from '@/components/fields';
import { useFocusAfterBusy } from '@/components/focus-after-busy';
import { t } from '@/lib/i18n';
import type { ConnectionSummary, KeyCheck } from '@/lib/messaging/protocol';
import { send } from '@/lib/messaging/send';
import {
  createConnectionForm,
  type ConnectionForm,
  errorStatus,
  testStatus,
  unreachable,
  type SettingsStatus,
} from './settings-model';
import { StatusLine } from './parts';
import { DeleteDialog } from '../list/DeleteDialog';
import { sendChange, startAgain, takeNote, type Change } from './HeaderSwitcher';

/** What the page says once back with the connection added, after its key was tried (or not: added anyway). */
function addedNote(check: KeyCheck | undefined): string {
  if (!check || check.outcome === 'rejected') return t('connAdded');
  if (check.outcome === 'accepted') return t('connAddedAccepted');
  return unreachable(check.error) ? t('connAddedUnreachable') : t('connAddedUnchecked');
}

export function createConnectionsModel() {
  const status = signal<SettingsStatus>(takeNote());
  /** A test or a change is under way: the list's buttons wait. */
  const busy = signal(false);
  const adding = signal(false);
  // A new connection has no saved key: it needs its own.
  const addForm = createConnectionForm({
    saved: () => null,
    send: (checked, typed, checkKey) =>
      sendChange('connections.add', {
        label: typed.label,
        baseUrl: checked.baseUrl,
        apiKey: checked.apiKey ?? '',
        ...(checkKey ? { checkKey } : {}),
      }),
    refusedText: (code) => t('connKeyRejected', code),
    underKey: true,
  });
  /** The id of the connection whose name is being edited. */
  const renaming = signal<string | null>(null);
  /** The connection the person is asked about removing. */
  const removing = signal<ConnectionSummary | null>(null);

  // send() never throws: nothing is left busy.
  async function run<T>(work: () => Promise<T>): Promise<T> {
    busy.value = true;
    const done = await work();
    busy.value = false;
    return done;
  }

  const change = (type: Exclude<Change, 'connections.add'>, connection: ConnectionSummary, note: string) =>
    run(async () => {
      const result = await sendChange(type, { id: connection.id });
      if (result.ok) startAgain(note);
      return result;
    });

  return {
    status,
    busy,
    adding,
    addForm,
    renaming,
    removing,
    closeAdd: () =>
      batch(() => {
        adding.value = false;
        addForm.reset();
      }),
    add: (anyway = false) =>
      addForm.submit({ anyway }, (added) => {
        startAgain(addedNote(added.keyCheck));
        return null;
      }),
    /** Null once renamed (the page starts again), else why not. */
    async rename(connection: ConnectionSummary, label: string): Promise<string | null> {
      const result = await send('connections.rename', { id: connection.id, label });
      if (!result.ok) return result.error.fieldErrors?.label?.join(' ') ?? result.error.message;
      startAgain(t('connRenamed'));
      return null;
    },
    test: (connection: ConnectionSummary) =>
      run(async () => {
        status.value = { tone: 'info', text: t('settingsTesting') };
        const result = await send('settings.test', {
          connection: { id: connection.id, account: connection.account },
        });
        status.value = testStatus(result);
      }),
    async makeActive(connection: ConnectionSummary) {
      const result = await change('connections.switch', connection, t('connSwitched', connection.label));
      if (!result.ok) status.value = errorStatus(result.error);
    },
    /** A refusal is the dialog's to say: the person is in it. */
    remove: (connection: ConnectionSummary) => change('connections.remove', connection, t('connRemoved')),
  };
}

type ConnectionsModel = ReturnType<typeof createConnectionsModel>;

export function ConnectionsPanel({ connections }: { connections: ConnectionSummary[] }) {
  const [model] = useState(createConnectionsModel);
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
        <button type="button" onClick={() => (model.adding.value = true)}>
          {t('connAddButton')}
        </button>
      )}
      {/* With one connection and nothing to say, Settings keeps its one status line. */}
      {connections.length > 1 || status ? <StatusLine status={status} /> : null}
      <DeleteDialog
        item={removing}
        title={removing ? t('connRemoveTitle', removing.label) : ''}
        confirmLabel={t('connRemove')}
        remove={model.remove}
        failedContext={t('connRemoveFailed')}
        onClose={() => (model.removing.value = null)}
      >
        {() => <p>{t('connRemoveText')}</p>}
      </DeleteDialog>
    </section>
  );
}

/** Each button's text, and its name with the connection's. */
function connectionActions(model: ConnectionsModel, connection: ConnectionSummary) {
  const { id, label } = connection;
  const makeActive = () => void model.makeActive(connection);
  return [
    ...(connection.active
      ? []
      : [{ text: t('connMakeActive'), name: t('connMakeActiveNamed', label), act: makeActive }]),
    { text: t('connRename'), name: t('connRenameNamed', label), act: () => (model.renaming.value = id) },
    { text: t('connTest'), name: t('connTestNamed', label), act: () => void model.test(connection) },
    {
      text: t('connRemove'),
      name: t('connRemoveNamed', label),
      act: () => (model.removing.value = connection),
    },
  ];
}

function RenameForm({ connection, model }: { connection: ConnectionSummary; model: ConnectionsModel }) {
  const label = useSignal(connection.label);
  const error = useSignal<string | null>(null);
  async function onSubmit(event: Event) {
    event.preventDefault();
    error.value = await model.rename(connection, label.value);
  }
  return (
    <form class="connection-rename" onSubmit={(event) => void onSubmit(event)} noValidate>
      <TextField
        id={`rename-${connection.id}`}
        label={t('connRenameField', connection.label)}
        value={label.value}
        onInput={(value) => (label.value = value)}
        error={error.value}
      />
      <button type="submit">{t('connRenameSave')}</button>
      <button type="button" onClick={() => (model.renaming.value = null)}>
        {t('uiCancel')}
      </button>
    </form>
  );
}

function AddForm({ model }: { model: ConnectionsModel }) {
  const form = model.addForm;
  return (
    <ConnectionFormView
      form={form}
      idPrefix="add-connection-"
      class="connection-add"
      labelledBy="add-connection-heading"
      submitLabel={t('connAddSubmit')}
      anywayLabel={t('connAddAnyway')}
      onSubmit={(anyway) => void model.add(anyway)}
      buttons={
        <button type="button" onClick={model.closeAdd}>
          {t('uiCancel')}
        </button>
      }
    >
      <h4 id="add-connection-heading">{t('connAddHeading')}</h4>
      <TextField
        id="add-connection-label"
        label={t('connLabelLabel')}
        type="text"
        value={form.values.value.label}
        onInput={(value) => form.setValue('label', value)}
        error={form.errors.value.label}
        hint={t('connLabelHint')}
      />
    </ConnectionFormView>
  );
}

/**
 * Settings' form and the add form: a connection's address and key, the buttons, and "…anyway" once the
 * service refused the key. `children` come before the fields, `status` before the buttons, so the refusal
 * is read before its "…anyway", `buttons` after "…anyway".
 */
export function ConnectionFormView(props: {
  form: ConnectionForm;
  idPrefix?: string;
  disabled?: boolean;
  keyHint?: string;
  keyPlaceholder?: string;
  submitLabel: string;
  anywayLabel: string;
  onSubmit: (anyway: boolean) => void;
  status?: SettingsStatus;
  buttons?: ComponentChildren;
  children?: ComponentChildren;
  class?: string;
  labelledBy?: string;
}) {
  const { form, idPrefix = '', disabled = false, status } = props;
  const busy = form.busy.value;
  const submitButton = useRef<HTMLButtonElement>(null);
  const anywayButton = useRef<HTMLButtonElement>(null);
  useFocusAfterBusy(busy, anywayButton, submitButton);
  const field = (name: 'baseUrl' | 'apiKey') => ({
    value: form.values.value[name],
    onInput: (value: string) => form.setValue(name, value),
    error: form.errors.value[name],
    disabled,
  });
  function submit(event: Event) {
    event.preventDefault();
    props.onSubmit(false);
  }
  return (
    <form class={props.class} aria-labelledby={props.labelledBy} onSubmit={submit} noValidate>
      {props.children}
      <TextField
        {...field('baseUrl')}
        id={`${idPrefix}base-url`}
        label={t('settingsBaseUrlLabel')}
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://reports.example.com"
        hint={t('settingsBaseUrlHint')}
      />
      <TextField
        {...field('apiKey')}
        id={`${idPrefix}api-key`}
        label={t('settingsKeyLabel')}
        type="password"
        autoComplete="off"
        spellcheck={false}
        placeholder={props.keyPlaceholder}
        hint={props.keyHint}
      />
      {status === undefined ? null : <StatusLine status={status} />}
      <div class="settings-actions">
        <button ref={submitButton} type="submit" class="primary" disabled={busy || disabled}>
          {props.submitLabel}
        </button>
        {form.rejected.value ? (
          <button ref={anywayButton} type="button" onClick={() => props.onSubmit(true)} disabled={busy}>
            {props.anywayLabel}
          </button>
        ) : null}
        {props.buttons}
      </div>
    </form>
  );
}
