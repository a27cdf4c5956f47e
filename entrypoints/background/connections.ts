// Several named connections, one active: add, rename, remove and switch, each in the settings queue.
import { apiError } from '@/entrypoints/background/error-messages';
import type { Result } from '@/lib/api/errors';
import { checkBaseUrl, isSendableKey } from '@/lib/base-url';
import { t } from '@/lib/i18n';
import type {
  ConnectionTestResult,
  KeyCheck,
  SavedSettings,
  SettingsSummary,
} from '@/lib/messaging/protocol';
import { KEY_MALFORMED, keyLengthProblem, rejectsKey } from '@/lib/settings/rules';
import type { Emit } from './events';
import { handlerPart } from './router';
import { budgets, createSerialUpdates } from './storage-budget';
import {
  hostLabel,
  newConnectionId,
  readConnections,
  writeConnections,
  type ConnectionSettings,
  type Connections,
} from './settings/storage';

export const MAX_LABEL_LENGTH = 100;

/** The settings' one queue: two writes never interleave their read and write. */
export const settingsQueue = createSerialUpdates();

/** An address and key tried as a saved connection is tested, before they are saved. */
export type KeyTest = (settings: ConnectionSettings) => Promise<Result<ConnectionTestResult>>;

/** What the service made of a key: a 401 or 403 rejects it; any other failure leaves it unchecked. */
export async function tryKey(testKey: KeyTest, settings: ConnectionSettings): Promise<KeyCheck> {
  const answer = await testKey(settings);
  if (answer.ok) return { outcome: 'accepted', found: answer.data };
  return { outcome: rejectsKey(answer.error) ? 'rejected' : 'unchecked', error: answer.error };
}

export function invalidField(field: string, message: string): Result<never> {
  return { ok: false, error: apiError('invalid_input', { message, fieldErrors: { [field]: [message] } }) };
}

/** The address and the key as they will be stored (no key: ''), or the refusal next to its field. */
export function checkPair(
  baseUrl: string,
  apiKey = '',
): Result<never> | { baseUrl: string; origin: string; key: string } {
  const checked = checkBaseUrl(baseUrl);
  if (!checked.ok) return invalidField('baseUrl', checked.message);
  const key = apiKey.trim();
  const lengthProblem = key && keyLengthProblem(key);
  if (lengthProblem) return invalidField('apiKey', lengthProblem);
  if (key && !isSendableKey(key)) return invalidField('apiKey', KEY_MALFORMED);
  return { baseUrl: checked.baseUrl, origin: checked.origin, key };
}

/** The label as it will be stored, or null when too long. */
const checkLabel = (label: string) => (label.trim().length > MAX_LABEL_LENGTH ? null : label.trim());
const labelTooLong = () => invalidField('label', t('connLabelTooLong', MAX_LABEL_LENGTH));

export function createConnectionHandlers(
  emit: Emit,
  testKey: KeyTest,
  summary: () => Promise<SettingsSummary>,
) {
  function update(
    change: (stored: Connections) => Connections | Result<never>,
  ): Promise<Result<SettingsSummary>> {
    return settingsQueue(async () => {
      const before = await readConnections();
      const after = change(before);
      if ('ok' in after) return after;
      await budgets.local.retrying(() => writeConnections(after));
      const removed = before.list.find((entry) => !after.list.some((kept) => kept.id === entry.id));
      if (removed) await emit('connection.removed', { id: removed.id, baseUrl: removed.baseUrl });
      return { ok: true, data: await summary() };
    });
  }

  const known = (stored: Connections, id: string) => stored.list.some((entry) => entry.id === id);
  const unknown = () => invalidField('id', t('connUnknown'));

  return handlerPart({
    'connections.add': async ({ label = '', baseUrl, apiKey, checkKey }): Promise<Result<SavedSettings>> => {
      const checked = checkPair(baseUrl, apiKey);
      if ('ok' in checked) return checked;
      if (!checked.key) return invalidField('apiKey', t('settingsKeyMissing'));
      const name = checkLabel(label);
      if (name === null) return labelTooLong();
      const entry = {
        id: newConnectionId(),
        label: name || hostLabel(checked.baseUrl),
        baseUrl: checked.baseUrl,
        apiKey: checked.key,
      };
      const keyCheck = checkKey ? await tryKey(testKey, entry) : undefined;
      // A key the service rejects is added only when the person says so (sent again without the check).
      if (keyCheck?.outcome === 'rejected') return { ok: false, error: keyCheck.error };
      const added = await update(({ list }) => ({ active: entry.id, list: [...list, entry] }));
      return added.ok && keyCheck ? { ...added, data: { ...added.data, keyCheck } } : added;
    },

    'connections.rename': async ({ id, label }) => {
      const name = checkLabel(label);
      if (name === null) return labelTooLong();
      if (!name) return invalidField('label', t('connLabelMissing'));
      return update((stored) =>
        known(stored, id)
          ? {
              ...stored,
              list: stored.list.map((entry) => (entry.id === id ? { ...entry, label: name } : entry)),
            }
          : unknown(),
      );
    },

    'connections.remove': ({ id }) =>
      update((stored) => {
        if (!known(stored, id)) return unknown();
        const list = stored.list.filter((entry) => entry.id !== id);
        // The active one removed: the first left takes over, or none (not set up) after the last.
        return { active: stored.active === id ? (list[0]?.id ?? '') : stored.active, list };
      }),

    'connections.switch': ({ id }) =>
      update((stored) => (known(stored, id) ? { ...stored, active: id } : unknown())),
  });
}
