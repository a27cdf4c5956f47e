// @vitest-environment node
// The laravelRouting switch: the path is decoded before routing, as Laravel does, so `%2F` in a
// project name splits it and the request reaches no route (both dialects).
import { afterEach, describe, expect, it } from 'vitest';
import type { PhpRankReport, ReferenceApi } from '../../../reference-api/index';
import { call, start, startApiMd, type ErrorBody, type PhpRankError } from './harness';

const ODD = 'Client A / Landing pages';
const ODD_PATH = `/api/v1/projects/${encodeURIComponent(ODD)}`;

let api: ReferenceApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

/** api-md, with two reports in the project whose name has a "/" and one elsewhere. */
async function apiMdWithOddProject(options: Parameters<typeof startApiMd>[0] = {}) {
  api = await startApiMd(options);
  api.store.create({ url: 'https://client-a.example/one', privacy: 0, project: ODD });
  api.store.create({ url: 'https://client-a.example/two', privacy: 0, project: ODD });
  api.store.create({ url: 'https://other.example/', privacy: 0, project: 'other.example' });
  return api;
}

const control = (target: ReferenceApi, name: string, body?: unknown) =>
  fetch(`${target.url}/__control/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('laravelRouting (api-md)', () => {
  it('is off by default: an encoded "/" stays inside the name, and the project is deleted', async () => {
    const server = await apiMdWithOddProject();
    const answer = await call<{ id: string; deleted: boolean }>(server, 'DELETE', ODD_PATH);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: ODD, deleted: true });
    expect(server.store.projects().map((project) => project.project)).toEqual(['other.example']);
  });

  it('when on, the decoded "/" reaches no route: the generic 404, and nothing is deleted', async () => {
    const server = await apiMdWithOddProject({ laravelRouting: true });
    const answer = await call<ErrorBody>(server, 'DELETE', ODD_PATH);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toMatch(/^The route .* could not be found\.$/);
    expect(server.store.count()).toBe(3);
    // The log keeps the path as sent.
    expect(server.requests.at(-1)).toMatchObject({ path: ODD_PATH, status: 404 });
    // A name without "/" still routes.
    expect((await call(server, 'DELETE', '/api/v1/projects/other.example')).status).toBe(200);
    expect(server.store.count()).toBe(2);
  });

  it('is switched by setLaravelRouting(), over HTTP, and back to the start option by reset()', async () => {
    const server = await apiMdWithOddProject();
    server.controls.setLaravelRouting(true);
    expect((await call(server, 'DELETE', ODD_PATH)).status).toBe(404);
    server.controls.reset();
    expect(server.store.settings.laravelRouting).toBe(false);

    expect(await (await control(server, 'set-laravel-routing', { enabled: true })).json()).toEqual({
      ok: true,
    });
    expect((await call(server, 'DELETE', ODD_PATH)).status).toBe(404);
    expect(server.store.count()).toBe(3);
    await control(server, 'set-laravel-routing', { enabled: false });
    expect((await call(server, 'DELETE', ODD_PATH)).status).toBe(200);
    expect(server.store.count()).toBe(1);

    expect((await control(server, 'set-laravel-routing', { enabled: 'yes' })).status).toBe(400);
    expect((await control(server, 'set-laravel-routing', {})).status).toBe(400);
  });
});

describe('laravelRouting (phprank)', () => {
  it('routes the decoded path: `reports%2F1` is report 1 when on, phpRank’s generic 404 when off', async () => {
    api = await start();
    const report = api.store.create({ url: 'https://example.com/', privacy: 0 }) as PhpRankReport;
    const path = `/api/v1/reports%2F${report.id}`;
    expect((await call<PhpRankError>(api, 'GET', path)).body).toEqual({
      message: 'Resource not found.',
      status: 404,
    });
    api.controls.setLaravelRouting(true);
    const shown = await call<{ data: PhpRankReport }>(api, 'GET', path);
    expect(shown.status).toBe(200);
    expect(shown.body.data.id).toBe(report.id);
    // Only %2F is taken as a separator: an encoded "%" stays a "%" (no second decoding).
    expect((await call(api, 'GET', `/api/v1/reports%252F${report.id}`)).status).toBe(404);
  });
});
