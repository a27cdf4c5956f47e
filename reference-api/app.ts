// The whole HTTP surface: CORS, the request log and test switches, the rate limit, bearer auth,
// the /api/v1 routes of the store's dialect and (when enabled) /__control. Errors are JSON, as a
// Laravel API answers them.
import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { getPath } from 'hono/utils/url';
import { apiMdRoutes } from './api-md/routes';
import { controlRoutes } from './control-routes';
import type { ControlState, RecordedRequest } from './controls';
import type { AppEnv } from './env';
import { normalizeInput, readBody } from './http';
import { phpRankRoutes } from './phprank/routes';
import type { Store } from './store';

export interface AppOptions {
  /** Its dialect decides the routes. */
  store: Store;
  controls: ControlState;
  apiKey: string;
  /** Mount /__control (tests only). */
  testControls: boolean;
  /** One line per /api request, e.g. for the CLI. */
  log?: (line: string) => void;
}

export function createApp({ store, controls, apiKey, testControls, log }: AppOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ getPath: (request) => routedPath(request, store.settings.laravelRouting) });

  // Laravel's default CORS config: any origin, no credentials. Preflights end here, so they are
  // neither logged nor affected by the test switches. Exposing the rate-limit headers is an
  // addition; an extension with host permission reads them anyway.
  const corsOptions = cors({
    origin: '*',
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowHeaders: ['Authorization', 'Content-Type', 'Accept'],
    exposeHeaders: ['Retry-After', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'],
  });
  app.use('/api/*', corsOptions);
  app.use('/__control/*', corsOptions);

  app.use('/api/*', async (c, next) => {
    const started = Date.now();
    const url = new URL(c.req.url);
    const body = await readBody(c.req.raw);
    const recorded: RecordedRequest = {
      method: c.req.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
      headers: Object.fromEntries(c.req.raw.headers),
      receivedAt: started,
    };
    controls.record(recorded);
    c.set('input', normalizeInput(body ?? {}));
    await controls.delay();

    const verdict = controls.judge({ method: c.req.method, path: url.pathname });
    if (verdict.kind === 'drop') {
      // A connection that dies without an answer, as on a flaky network.
      c.env.incoming.socket.destroy();
      log?.(`${c.req.method} ${url.pathname}${url.search} dropped`);
      return c.body(null, 500);
    }
    if (verdict.kind === 'answer') {
      c.res = verdict.response;
    } else {
      if (!authorized(c.req.header('authorization'), apiKey)) {
        // Like Laravel: without `Accept: application/json` a failed auth redirects to an HTML login page.
        c.res = wantsJson(c.req.header('accept'))
          ? c.json({ message: 'Unauthenticated.' }, 401)
          : c.redirect('/login', 302);
      } else {
        await next();
      }
      // The rate-limit headers, on every answer that got past the switches.
      for (const [name, value] of Object.entries(verdict.headers)) c.res.headers.set(name, value);
    }
    recorded.status = c.res.status;
    log?.(`${c.req.method} ${url.pathname}${url.search} ${c.res.status} ${Date.now() - started}ms`);
  });

  // A plain web page at the root, so a browser tab has an http(s) page to create a report for.
  app.get('/', (c) => c.html(LANDING_PAGE));
  app.route('/api/v1', store.dialect === 'phprank' ? phpRankRoutes(store) : apiMdRoutes(store));
  if (testControls) app.route('/__control', controlRoutes(controls, store));

  app.notFound((c) =>
    c.json({ message: `The route ${new URL(c.req.url).pathname.slice(1)} could not be found.` }, 404),
  );
  app.onError((error, c) => {
    log?.(`error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return c.json({ message: 'Server Error' }, 500);
  });
  return app;
}

const LANDING_PAGE = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Page Reports reference API</title></head>
<body>
<h1>Page Reports reference API</h1>
<p>A local stand-in for the report service. Its API is under <code>/api/v1</code>.</p>
</body>
</html>
`;

/**
 * The path the routes are matched against. Hono decodes it but keeps `%2F` (so a project name with a
 * "/" is one segment); Laravel matches the fully decoded path, where that "/" splits the name in two
 * and no route matches. The request's URL (the log, the handlers) stays as sent either way.
 */
function routedPath(request: Request, laravelRouting: boolean): string {
  const path = getPath(request);
  return laravelRouting ? path.replace(/%2F/gi, '/') : path;
}

function wantsJson(accept: string | undefined): boolean {
  return /application\/json|\+json/i.test(accept ?? '');
}

/** `Authorization: Bearer <key>`, compared in constant time. */
function authorized(header: string | undefined, apiKey: string): boolean {
  const token = /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1]?.trim();
  if (!token) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(token), digest(apiKey));
}
