// The test controls over HTTP, for tests that drive a separately started server
// (`main.ts --test-controls`). Never mounted under /api, never behind the API key.
import { Hono } from 'hono';
import { z } from 'zod';
import type { ControlState } from './controls';
import type { AppEnv } from './env';
import type { Store } from './store';

const count = z.number().int().min(0);

const schemas = {
  latency: z.object({ ms: z.number().min(0) }),
  forceStatus: z.object({
    status: z.number().int().min(200).max(599),
    count: count.default(1),
    body: z.unknown().optional(),
    headers: z.record(z.string(), z.string()).optional(),
  }),
  malformed: z.object({
    count: count.default(1),
    kind: z.enum(['html', 'broken-json', 'wrong-shape']).optional(),
  }),
  drop: z.object({ count: count.default(1) }),
  rateLimit: z.object({
    maxPerWindow: z.number().int().min(0).nullable(),
    windowSeconds: z.number().positive().optional(),
  }),
  resetData: z.object({ seed: z.boolean().default(true) }),
};

export function controlRoutes(controls: ControlState, store: Store): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/requests', (c) => c.json(controls.requests));

  routes.post('/set-latency', async (c) => {
    const body = schemas.latency.safeParse(await json(c.req.raw));
    if (!body.success) return badRequest(body.error);
    controls.setLatency(body.data.ms);
    return c.json({ ok: true });
  });

  routes.post('/force-status', async (c) => {
    const body = schemas.forceStatus.safeParse(await json(c.req.raw));
    if (!body.success) return badRequest(body.error);
    const { status, count, body: answer, headers } = body.data;
    controls.forceStatus(status, count, answer, headers);
    return c.json({ ok: true });
  });

  routes.post('/malformed-next', async (c) => {
    const body = schemas.malformed.safeParse(await json(c.req.raw));
    if (!body.success) return badRequest(body.error);
    controls.malformedNext(body.data.count, body.data.kind);
    return c.json({ ok: true });
  });

  routes.post('/drop-next', async (c) => {
    const body = schemas.drop.safeParse(await json(c.req.raw));
    if (!body.success) return badRequest(body.error);
    controls.dropNext(body.data.count);
    return c.json({ ok: true });
  });

  routes.post('/set-rate-limit', async (c) => {
    const body = schemas.rateLimit.safeParse(await json(c.req.raw));
    if (!body.success) return badRequest(body.error);
    controls.setRateLimit(body.data.maxPerWindow, body.data.windowSeconds);
    return c.json({ ok: true });
  });

  routes.post('/reset', (c) => {
    controls.reset();
    return c.json({ ok: true });
  });

  routes.post('/reset-data', async (c) => {
    const body = schemas.resetData.safeParse(await json(c.req.raw));
    if (!body.success) return badRequest(body.error);
    store.reset(body.data.seed);
    return c.json({ ok: true });
  });

  routes.post('/finish-pending', (c) => c.json({ ok: true, finished: store.finishPending() }));

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

function badRequest(error: z.ZodError): Response {
  return Response.json({ message: z.prettifyError(error) }, { status: 400 });
}
