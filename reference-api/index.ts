// Programmatic entry point, for tests: start a server on 127.0.0.1, use it, close it.
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { ControlState, type Controls, type RecordedRequest } from './controls';
import { Store } from './store';

import type { ServiceOptions } from './settings';
import type { Dialect } from './types';

export type { Controls, ForcedRequests, MalformedKind, RecordedRequest } from './controls';
export type { Paginated } from './api-md/query';
export type { PageLink, PhpRankPaginated } from './phprank/paginate';
export type { CreateReportInput, UpdateReportInput } from './store';
export type {
  ApiMdProject,
  ApiMdReport,
  Dialect,
  Importance,
  PhpRankProject,
  PhpRankReport,
  PhpRankResults,
  Privacy,
  Project,
  Release,
  Report,
  ReportResults,
  Result,
  TestResult,
} from './types';
export { Store } from './store';
export { SEED_PASSWORD } from './seed-common';
export { bandOf, POINTS, scoreOf } from './phprank/score';
export { cleanUrl } from './phprank/address';

export const DEFAULT_API_KEY = 'demo-key';
/** startReferenceApi()'s standing rate limit in the phprank dialect: present, but out of the tests' way. */
export const DEFAULT_TEST_RATE_LIMIT = 100_000;

export interface ReferenceApiOptions extends ServiceOptions {
  /** Default 'phprank' (shared/SERVICE.md); 'api-md' = the shapes DESIGN.md assumed from API.md. */
  dialect?: Dialect;
  /** 0 (the default) = a free port. */
  port?: number;
  /** Default `demo-key`. */
  apiKey?: string;
  /** Omitted = in memory only. */
  dataFile?: string;
  /** Seed demo data when there is no data file (default true). */
  seed?: boolean;
  /** api-md: how long a report stays pending (default 2000 ms). */
  generationDelayMs?: number;
  /**
   * Requests per minute before a 429; null = no limit and no X-RateLimit headers. Default 100000 in
   * phprank (the headers are there, the limit is not in the way), none in api-md.
   */
  rateLimitPerMinute?: number | null;
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
  const dialect = options.dialect ?? 'phprank';
  const store = new Store({
    dialect,
    dataFile: options.dataFile,
    seed: options.seed,
    generationDelayMs: options.generationDelayMs,
    now,
    release: options.release,
    numericStrings: options.numericStrings,
    redirects: options.redirects,
    planLimit: options.planLimit,
    analysisDelayMs: options.analysisDelayMs,
    laravelRouting: options.laravelRouting,
  });
  const controls = new ControlState({
    now,
    settings: store.settings,
    rateLimitPerMinute:
      options.rateLimitPerMinute !== undefined
        ? options.rateLimitPerMinute
        : dialect === 'phprank'
          ? DEFAULT_TEST_RATE_LIMIT
          : null,
  });
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
