// The background's handlers and services over connections kept in memory, each with its own handle:
// what the handler tests build instead of the worker's storage.
import { vi } from 'vitest';
import type { CreateReportInput } from '@/lib/messaging/inputs';
import type { Events } from '@/entrypoints/background/events';
import { createHandlers } from '@/entrypoints/background/handlers';
import { createSerialUpdates } from '@/entrypoints/background/storage-budget';
import {
  createKeyCheck,
  createServices,
  type Service,
  type ServiceDeps,
} from '@/entrypoints/background/service';
import {
  refOf,
  type Connection,
  type ConnectionRef,
  type ConnectionSettings,
  type Connections,
} from '@/entrypoints/background/settings/storage';

/** Each connection's work as the handlers reach it, over its service alone (a create goes straight to it). */
export function serviceWorkOn(serviceOf: (ref: ConnectionRef) => Service) {
  return async (ref: ConnectionRef) => {
    const service = serviceOf(ref);
    const create = (input: CreateReportInput) => service.createReport(input);
    return (await service.alive()) ? ({ service, create } as never) : null;
  };
}

/** The handle of the connection `setupHandlers` saves first. */
export const REF = { id: 'c', account: 'c' };

export function setupHandlers(
  initial: ConnectionSettings,
  createClient: ServiceDeps['createClient'],
  granted = true,
) {
  // No address: nothing saved yet.
  let stored: Connections = initial.baseUrl
    ? { active: REF.id, list: [{ id: REF.id, label: 'C', baseUrl: initial.baseUrl, apiKey: initial.apiKey }] }
    : { active: '', list: [] };
  const events = { emit: vi.fn<Events['emit']>(async () => {}) };
  const readConnections = async () => structuredClone(stored);
  const deps = {
    readConnections,
    writeConnections: async (next: Connections) => void (stored = structuredClone(next)),
    saveConnection: async ({ baseUrl, apiKey }: ConnectionSettings) => {
      const entry: Connection = stored.list[0] ?? { id: REF.id, label: 'C', baseUrl, apiKey };
      const same = entry.baseUrl === baseUrl && entry.apiKey === apiKey;
      stored = {
        active: REF.id,
        list: [
          { ...entry, baseUrl, apiKey, account: same ? refOf(entry).account : `${refOf(entry).account}+` },
        ],
      };
    },
    oneAtATime: createSerialUpdates(),
    hasHostPermission: vi.fn(async (_origin: string) => granted),
    events,
    createClient: vi.fn((settings: ConnectionSettings) => createClient(settings)),
  };
  const serviceOf = createServices({
    createClient: (settings) => deps.createClient(settings),
    hasHostPermission: (origin) => deps.hasHostPermission(origin),
    events,
    connectionOf: async (ref) =>
      (await readConnections()).list.find(
        (entry) => entry.id === ref.id && refOf(entry).account === ref.account,
      ) ?? null,
  });
  // The same object: a test may replace a dependency after the handlers are made.
  const handlers = createHandlers(
    Object.assign(deps, {
      serviceOf,
      checkKey: createKeyCheck({
        createClient: (settings) => deps.createClient(settings),
        hasHostPermission: (origin) => deps.hasHostPermission(origin),
      }),
      workOn: serviceWorkOn(serviceOf),
      now: () => 5000,
    }),
  );
  const stored_ = () => {
    const [entry] = stored.list;
    return { baseUrl: entry?.baseUrl ?? '', apiKey: entry?.apiKey ?? '' };
  };
  return { handlers, serviceOf, deps, stored: stored_ };
}
