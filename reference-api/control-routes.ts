// The test controls over HTTP, for tests that drive a separately started server
// (`main.ts --test-controls`). Never mounted under /api, never behind the API key.
import { Hono } from 'hono';
import { z } from 'zod';
import type { ControlState } from './controls';
import type { AppEnv } from './env';
import type { Store } from './store';
import { RELEASES } from './types';

const count = z.number().int().min(0);
const only = z.object({ method: z.string().optional(), pathPrefix: z.string().optional() }).optional();

const schemas = {
  latency: z.object({ ms: z.number().min(0) }),
  forceStatus: z.object({
    status: z.number().int().min(200).max(599),
    count: count.default(1),
    body: z.unknown().optional(),
    headers: z.record(z.string(), z.string()).optional(),
    only,
  }),
  malformed: z.object({
    count: count.default(1),
    kind: z.enum(['html', 'broken-json', 'wrong-shape']).optional(),
    only,
  }),
  drop: z.object({ count: count.default(1), only }),
  rateLimit: z.object({
    maxPerWindow: z.number().int().min(0).nullable(),
    windowSeconds: z.number().positive().optional(),
  }),
  resetData: z.object({ seed: z.boolean().default(true) }),
  redirect: z.object({ from: z.string().min(1), to: z.string().min(1).nullable() }),
  pageOutcome: z.object({
    address: z.string().min(1),
    passed: z.record(z.string(), z.boolean()).nullable(),
  }),
  planLimit: z.object({ limit: count.nullable() }),
  numericStrings: z.object({ enabled: z.boolean() }),
  analysisDelay: z.object({ ms: z.number().min(0) }),
  release: z.object({ release: z.enum(RELEASES) }),
  laravelRouting: z.object({ enabled: z.boolean() }),
  none: z.object({}),
};

export function controlRoutes(controls: ControlState, store: Store): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  /** POST /__control/<name> with a JSON body checked by `schema`; answers { ok: true, ...extra }. */
  function control<T>(name: string, schema: z.ZodType<T>, apply: (body: T) => object | void): void {
    routes.post(`/${name}`, async (c) => {
      const body = schema.safeParse(await json(c.req.raw));
      if (!body.success) return Response.json({ message: z.prettifyError(body.error) }, { status: 400 });
      return c.json({ ok: true, ...apply(body.data) });
    });
  }

  routes.get('/requests', (c) => c.json(controls.requests));

  control('set-latency', schemas.latency, ({ ms }) => controls.setLatency(ms));
  control('force-status', schemas.forceStatus, ({ status, count, body, headers, only }) =>
    controls.forceStatus(status, count, body, headers, only),
  );
  control('malformed-next', schemas.malformed, ({ count, kind, only }) =>
    controls.malformedNext(count, kind, only),
  );
  control('drop-next', schemas.drop, ({ count, only }) => controls.dropNext(count, only));
  control('set-rate-limit', schemas.rateLimit, ({ maxPerWindow, windowSeconds }) =>
    controls.setRateLimit(maxPerWindow, windowSeconds),
  );
  control('set-redirect', schemas.redirect, ({ from, to }) => controls.setRedirect(from, to));
  control('set-page-outcome', schemas.pageOutcome, ({ address, passed }) =>
    controls.setPageOutcome(address, passed),
  );
  control('set-plan-limit', schemas.planLimit, ({ limit }) => controls.setPlanLimit(limit));
  control('set-numeric-strings', schemas.numericStrings, ({ enabled }) =>
    controls.setNumericStrings(enabled),
  );
  control('set-analysis-delay', schemas.analysisDelay, ({ ms }) => controls.setAnalysisDelay(ms));
  control('set-release', schemas.release, ({ release }) => controls.setRelease(release));
  control('set-laravel-routing', schemas.laravelRouting, ({ enabled }) =>
    controls.setLaravelRouting(enabled),
  );
  control('reset', schemas.none, () => controls.reset());
  control('reset-data', schemas.resetData, ({ seed }) => store.reset(seed));
  control('finish-pending', schemas.none, () => ({ finished: store.finishPending() }));

  return routes;
}

/** The JSON body; an empty body counts as {} so switches with defaults need none. */
async function json(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
