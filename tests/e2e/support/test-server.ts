import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestRoute {
  status?: number;
  contentType?: string;
  body: string;
}

export type TestRouteHandler = (request: IncomingMessage, response: ServerResponse) => void;

export interface TestServer {
  /** `http://127.0.0.1:PORT` (no trailing slash). */
  url: string;
  port: number;
  /** Paths requested so far, in order. */
  requests: { method: string; path: string }[];
  /** Adds or replaces a route while the server runs. */
  route(path: string, route: TestRoute | TestRouteHandler): void;
  close(): Promise<void>;
}

/** A plain article: the kind of page a user would create a report for. */
export const articlePage: TestRoute = {
  contentType: 'text/html; charset=utf-8',
  body: `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Test article</title></head>
  <body>
    <main>
      <h1>Test article</h1>
      <p>A page served by the end-to-end tests, for the extension to report on.</p>
    </main>
  </body>
</html>`,
};

/**
 * A tiny HTTP server for web pages the tests open in tabs (not the service's API: see reference-api).
 * Serves `/article` by default; anything unknown is a 404.
 */
export async function startTestServer(
  routes: Record<string, TestRoute | TestRouteHandler> = {},
): Promise<TestServer> {
  const table = new Map<string, TestRoute | TestRouteHandler>(
    Object.entries({ '/article': articlePage, ...routes }),
  );
  const requests: TestServer['requests'] = [];
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    requests.push({ method: request.method ?? 'GET', path });
    const route = table.get(path);
    if (typeof route === 'function') return route(request, response);
    if (!route) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    response
      .writeHead(route.status ?? 200, { 'content-type': route.contentType ?? 'text/html; charset=utf-8' })
      .end(route.body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    route: (path, route) => void table.set(path, route),
    close: () =>
      new Promise<void>((resolve) => {
        // Keep-alive connections from Chromium would hold close() open: end them.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
