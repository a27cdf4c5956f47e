// The background's handlers and services over the settings storage on fakeBrowser and a fake client:
// what the handler tests build instead of the whole worker.
import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { CreateReportInput } from '@/lib/messaging/inputs';
import type { Emit } from '@/entrypoints/background/events';
import { createHandlers } from '@/entrypoints/background/handlers';
import { createKeyTest, createServices, type ClientOf, type Service } from '@/entrypoints/background/service';
import {
  readConnections,
  writeConnections,
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

/** Whether the extension may reach an origin, as browser.permissions answers it. */
export const grantOrigins = (granted: boolean) =>
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(granted);

/** The handlers over the connections saved and a fake client, and the events they emit (a spy). */
export function handlersOver(clientOf: ClientOf, granted = true) {
  const hasHostPermission = grantOrigins(granted);
  const events = { emit: vi.fn<Emit>(async () => {}) };
  const createClient = vi.fn(clientOf);
  const serviceOf = createServices(events.emit, createClient);
  const handlers = createHandlers(serviceWorkOn(serviceOf), events.emit, createKeyTest(createClient));
  return { handlers, serviceOf, events, createClient, hasHostPermission };
}

/** The handle of the connection `setupHandlers` saves first. */
export const REF = { id: 'c', account: 'c' };

/** One connection saved with `initial` (none when it has no address), as the settings form sees it. */
export async function setupHandlers(initial: ConnectionSettings, clientOf: ClientOf, granted = true) {
  const connections: Connections = initial.baseUrl
    ? { active: REF.id, list: [{ id: REF.id, label: 'C', baseUrl: initial.baseUrl, apiKey: initial.apiKey }] }
    : { active: '', list: [] };
  const stored = async () => {
    const [entry] = (await readConnections()).list;
    return { baseUrl: entry?.baseUrl ?? '', apiKey: entry?.apiKey ?? '' };
  };
  fakeBrowser.reset();
  await writeConnections(connections);
  return { ...handlersOver(clientOf, granted), stored };
}
