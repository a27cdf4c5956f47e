// Several connections in Settings: the list, the add form, rename, test and remove. Another connection
// (or another list of them) starts the page again, so every section shows the new one's data.
import { batch, signal, type ReadonlySignal } from '@preact/signals';
import { t } from '@/lib/i18n';
import type { ConnectionSummary, KeyCheck, PageInput } from '@/lib/messaging/protocol';
import { rejectsKey } from '@/lib/settings/rules';
import type { Send } from '../reports/reports-model';
import {
  checkConnectionForm,
  errorStatus,
  refusalCode,
  sendWithAccess,
  testStatus,
  unreachable,
  type SettingsStatus,
} from './settings-model';

/** A switch seen in storage is this page's own: it starts again by itself, once the answer is here. */
let changingHere = false;

export const changingFromHere = () => changingHere;

type Change = 'connections.add' | 'connections.switch' | 'connections.remove';

export function sendChange<T extends Change>(send: Send, type: T, payload: PageInput<T>) {
  changingHere = true;
  // Kept on success: the page starts again; the event of the switch may come after the answer.
  return send(type, payload).then((result) => {
    if (!result.ok) changingHere = false;
    return result;
  });
}

export type AddField = 'label' | 'baseUrl' | 'apiKey';
export type AddValues = Record<AddField, string>;
export type AddErrors = Partial<Record<AddField, string>>;

const EMPTY_ADD: AddValues = { label: '', baseUrl: '', apiKey: '' };

/** What the page says once back with the connection added, after its key was tried (or not: added anyway). */
function addedNote(check: KeyCheck | undefined): string {
  if (!check || check.outcome === 'rejected') return t('connAdded');
  if (check.outcome === 'accepted') return t('connAddedAccepted');
  return unreachable(check.error) ? t('connAddedUnreachable') : t('connAddedUnchecked');
}

export interface ConnectionsModelDeps {
  /** Starts the page again and says `note` once it is back. */
  startAgain(note: string): void;
  /** What the page said before it started again. */
  note: string | null;
}

export function createConnectionsModel(send: Send, deps: ConnectionsModelDeps) {
  const status = signal<SettingsStatus>(deps.note ? { tone: 'success', text: deps.note } : null);
  /** A test or a change is under way: the list's buttons wait. */
  const busy = signal(false);
  const adding = signal(false);
  const addValues = signal<AddValues>(EMPTY_ADD);
  const addErrors = signal<AddErrors>({});
  const addBusy = signal(false);
  const renaming = signal<string | null>(null);
  const renameLabel = signal('');
  const renameError = signal<string | null>(null);
  const removing = signal<ConnectionSummary | null>(null);

  async function run(work: () => Promise<void>) {
    busy.value = true;
    try {
      await work();
    } finally {
      busy.value = false;
    }
  }

  const change = (type: Exclude<Change, 'connections.add'>, connection: ConnectionSummary, note: string) =>
    run(async () => {
      const result = await sendChange(send, type, { id: connection.id });
      if (result.ok) deps.startAgain(note);
      else status.value = errorStatus(result.error);
    });

  /** A new connection's key the service rejected: the person may add it anyway. */
  const addRejected = signal(false);

  /** The key is tried first unless `anyway`. Call from the click itself (see sendWithAccess). */
  function add({ anyway = false } = {}): Promise<void> {
    const values = addValues.value;
    // A new connection has no saved key: it needs its own.
    const checked = checkConnectionForm(values.baseUrl, values.apiKey, null);
    if (!checked.ok) {
      addErrors.value = { [checked.field]: checked.message };
      return Promise.resolve();
    }
    const sent = sendWithAccess(checked.origin, () =>
      sendChange(send, 'connections.add', {
        label: values.label,
        baseUrl: checked.baseUrl,
        apiKey: checked.apiKey ?? '',
        ...(anyway ? {} : { checkKey: true }),
      }),
    );
    batch(() => {
      addErrors.value = {};
      addRejected.value = false;
      addBusy.value = true;
    });
    return sent.then(({ result }) => {
      addBusy.value = false;
      if (result.ok) return deps.startAgain(addedNote(result.data.keyCheck));
      if (rejectsKey(result.error)) {
        batch(() => {
          addRejected.value = true;
          addErrors.value = { apiKey: t('connKeyRejected', refusalCode(result.error)) };
        });
        return;
      }
      const fields = result.error.fieldErrors ?? {};
      addErrors.value = {
        label: fields.label?.join(' '),
        baseUrl: fields.baseUrl?.join(' '),
        apiKey:
          fields.apiKey?.join(' ') ?? (fields.label || fields.baseUrl ? undefined : result.error.message),
      };
    });
  }

  return {
    status: status as ReadonlySignal<SettingsStatus>,
    busy: busy as ReadonlySignal<boolean>,
    adding: adding as ReadonlySignal<boolean>,
    addValues: addValues as ReadonlySignal<AddValues>,
    addErrors: addErrors as ReadonlySignal<AddErrors>,
    addBusy: addBusy as ReadonlySignal<boolean>,
    addRejected: addRejected as ReadonlySignal<boolean>,
    renaming: renaming as ReadonlySignal<string | null>,
    renameLabel: renameLabel as ReadonlySignal<string>,
    renameError: renameError as ReadonlySignal<string | null>,
    removing: removing as ReadonlySignal<ConnectionSummary | null>,
    openAdd: () => (adding.value = true),
    closeAdd: () =>
      batch(() => {
        adding.value = false;
        addValues.value = EMPTY_ADD;
        addErrors.value = {};
        addRejected.value = false;
      }),
    setAddValue: (field: AddField, value: string) =>
      batch(() => {
        addRejected.value = false;
        addValues.value = { ...addValues.value, [field]: value };
      }),
    add: () => add(),
    /** Adds the connection with the key the service rejected, as the person confirmed. */
    addAnyway: () => add({ anyway: true }),
    startRename: (connection: ConnectionSummary) =>
      batch(() => {
        renaming.value = connection.id;
        renameLabel.value = connection.label;
        renameError.value = null;
      }),
    setRenameLabel: (value: string) => (renameLabel.value = value),
    cancelRename: () => (renaming.value = null),
    async rename(connection: ConnectionSummary) {
      const result = await send('connections.rename', { id: connection.id, label: renameLabel.value });
      if (result.ok) deps.startAgain(t('connRenamed'));
      else renameError.value = result.error.fieldErrors?.label?.join(' ') ?? result.error.message;
    },
    test: (connection: ConnectionSummary) =>
      run(async () => {
        status.value = { tone: 'info', text: t('settingsTesting') };
        const result = await send('settings.test', {
          connection: { id: connection.id, account: connection.account },
        });
        status.value = testStatus(result);
      }),
    makeActive: (connection: ConnectionSummary) =>
      change('connections.switch', connection, t('connSwitched', connection.label)),
    askRemove: (connection: ConnectionSummary) => (removing.value = connection),
    cancelRemove: () => (removing.value = null),
    async remove() {
      const connection = removing.value;
      if (connection) await change('connections.remove', connection, t('connRemoved'));
    },
  };
}

export type ConnectionsModel = ReturnType<typeof createConnectionsModel>;
