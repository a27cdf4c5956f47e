// Programmatic entry point, for tests: start a server on 127.0.0.1, use it, close it.
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { ControlState, type Controls, type RecordedRequest } from './controls';
import { Store } from './store';

export type { Controls, MalformedKind, RecordedRequest } from './controls';
export type { Paginated } from './query';
export type { CreateReportInput, UpdateReportInput } from './store';
export type { Privacy, Project, Report, ReportResults, Result } from './types';
export { Store } from './store';
export { SEED_PASSWORD } from './seed';

export const DEFAULT_API_KEY = 'demo-key';

export interface ReferenceApiOptions {
  /** 0 (the default) = a free port. */
  port?: number;
  /** Default `demo-key`. */
  apiKey?: string;
  /** Omitted = in memory only. */
  dataFile?: string;
  /** Seed demo data when there is no data file (default true). */
  seed?: boolean;
  /** How long a report stays pending (default 2000 ms). */
  generationDelayMs?: number;
  /** The clock for generation, dates and the rate limit. */
  now?: () => number;
  /** Mount the HTTP controls at /__control (default true here; the CLI needs --test-controls). */
  testControls?: boolean;
  /** One line per /api request. */
  log?: (line: string) => void;
}

export interface ReferenceApi {
  /** e.g. http://127.0.0.1:43121 (no trailing slash). */
  url: string;
  apiKey: string;
  /** Every request that reached /api, in order. The same array as controls.requests. */
  requests: RecordedRequest[];
  controls: Controls;
  /** Direct access to the data, for assertions and set-up. */
  store: Store;
  close(): Promise<void>;
}

export async function startReferenceApi(options: ReferenceApiOptions = {}): Promise<ReferenceApi> {
  const now = options.now ?? Date.now;
  const apiKey = options.apiKey ?? DEFAULT_API_KEY;
  const store = new Store({
    dataFile: options.dataFile,
    seed: options.seed,
    generationDelayMs: options.generationDelayMs,
    now,
  });
  const controls = new ControlState(now);
  const app = createApp({
    store,
    controls,
    apiKey,
    testControls: options.testControls ?? true,
    log: options.log,
  });
  const { server, port } = await listen(app.fetch, options.port ?? 0);
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    requests: controls.requests,
    controls,
    store,
    close: () => close(server),
  };
}

function listen(
  fetch: Parameters<typeof serve>[0]['fetch'],
  port: number,
): Promise<{ server: Server; port: number }> {
  return new Promise((resolve, reject) => {
    // Loopback only: this server has a well-known key and test switches.
    const server = serve({ fetch, port, hostname: '127.0.0.1' }, (info) => {
      server.off('error', reject);
      resolve({ server: server as Server, port: info.port });
    });
    server.once('error', reject);
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    // Idle keep-alive connections (and requests held by a latency switch) would delay close().
    server.closeAllConnections();
  });
}
