// @vitest-environment node
// The data file and the demo data: api-md first, then phprank.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  SEED_PASSWORD,
  startReferenceApi,
  type PhpRankReport,
  type Report,
} from '../../../reference-api/index';
import { call, manualClock, start as startPhpRank, startApiMd as start } from './harness';

let dir: string;
let file: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'reference-api-'));
  file = join(dir, 'nested', 'db.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('data file', () => {
  it('is created (with its directory) and seeded when missing, then reloaded by a second instance', async () => {
    const first = await startReferenceApi({ dialect: 'api-md', dataFile: file });
    const created = await call<{ data: Report }>(first, 'POST', '/api/v1/reports', {
      form: { url: 'https://persisted.example/' },
    });
    await call(first, 'DELETE', '/api/v1/reports/1');
    const reports = first.store.reports();
    await first.close();

    const saved = JSON.parse(readFileSync(file, 'utf8')) as { reports: unknown[] };
    expect(saved.reports).toHaveLength(reports.length);

    const second = await startReferenceApi({ dialect: 'api-md', dataFile: file });
    try {
      expect(second.store.reports().map((report) => report.id)).toEqual(reports.map((report) => report.id));
      expect(second.store.report(created.body.data.id)?.url).toBe('https://persisted.example/');
      expect(second.store.report(1)).toBeUndefined();
      // Ids continue after a restart.
      const next = await call<{ data: Report }>(second, 'POST', '/api/v1/reports', {
        form: { url: 'https://b.example/' },
      });
      expect(next.body.data.id).toBe(created.body.data.id + 1);
    } finally {
      await second.close();
    }
  });

  it('is replaced by rename (atomic), leaving no temporary file behind', async () => {
    const api = await start({ dataFile: file });
    try {
      const inodeBefore = statSync(file).ino;
      await call(api, 'POST', '/api/v1/reports', { form: { url: 'https://a.example/' } });
      expect(statSync(file).ino).not.toBe(inodeBefore);
      expect(readdirSync(join(dir, 'nested'))).toEqual(['db.json']);
    } finally {
      await api.close();
    }
  });

  it('keeps passwords only as hashes', async () => {
    const api = await start({ dataFile: file });
    try {
      await call(api, 'POST', '/api/v1/reports', {
        form: { url: 'https://a.example/', privacy: '2', password: 'plain-text-secret' },
      });
      expect(readFileSync(file, 'utf8')).not.toContain('plain-text-secret');
    } finally {
      await api.close();
    }
  });

  it('finishes a pending report after a restart', async () => {
    const clock = manualClock();
    const first = await start({ dataFile: file, now: clock.now, generationDelayMs: 5000 });
    const { body } = await call<{ data: Report }>(first, 'POST', '/api/v1/reports', {
      form: { url: 'https://a.example/' },
    });
    await first.close();

    clock.advance(5000);
    const second = await start({ dataFile: file, now: clock.now, generationDelayMs: 999_999 });
    try {
      const report = second.store.report(body.data.id);
      expect(report?.result).not.toBeNull();
      expect(report?.generated_at).toBe('2025-01-15T12:00:05.000000Z');
    } finally {
      await second.close();
    }
  });

  it('starts empty with seed: false', async () => {
    const api = await start({ dataFile: file, seed: false });
    try {
      expect(api.store.reports()).toEqual([]);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ version: 1, reports: [] });
    } finally {
      await api.close();
    }
  });

  it('refuses a damaged data file instead of overwriting it', async () => {
    const damaged = join(dir, 'damaged.json');
    writeFileSync(damaged, '{"not": "ours"}');
    await expect(startReferenceApi({ dialect: 'api-md', dataFile: damaged })).rejects.toThrow(
      /not a reference-api data file/,
    );
    expect(readFileSync(damaged, 'utf8')).toBe('{"not": "ours"}');
  });
});

describe('seed', () => {
  it('has the variety the extension must cope with', async () => {
    const api = await startReferenceApi({ dialect: 'api-md' });
    try {
      const reports = api.store.reports();
      const projects = api.store.projects().map((project) => project.project);
      expect(reports.length).toBeGreaterThanOrEqual(120);
      expect(projects.length).toBeGreaterThanOrEqual(10);
      expect(projects).toContain('Client A / Landing pages');
      expect(projects).toContain('Café – Ünïcode 日本');
      expect(new Set(reports.map((report) => report.result))).toEqual(
        new Set(['good', 'decent', 'bad', null]),
      );
      expect(new Set(reports.map((report) => report.privacy))).toEqual(new Set([0, 1, 2]));
      expect(reports.some((report) => report.project === null)).toBe(true);
      for (const report of reports) expect(report.password).toBe(report.privacy === 2);
      const passworded = reports.find((report) => report.privacy === 2);
      expect(passworded && api.store.passwordMatches(passworded.id, SEED_PASSWORD)).toBe(true);
      // Spread over months, ids in date order.
      const created = reports.map((report) => Date.parse(report.created_at));
      expect(Math.max(...created) - Math.min(...created)).toBeGreaterThan(90 * 86_400_000);
      expect(created).toEqual([...created].sort((a, b) => a - b));
    } finally {
      await api.close();
    }
  });

  it('is deterministic for a given start time', async () => {
    const clock = manualClock();
    const a = await startReferenceApi({ dialect: 'api-md', now: clock.now });
    const b = await startReferenceApi({ dialect: 'api-md', now: clock.now });
    try {
      expect(a.store.reports()).toEqual(b.store.reports());
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe('phprank data file', () => {
  it('keeps the scored reports across a restart', async () => {
    const first = await startPhpRank({ dataFile: file });
    const created = await call<{ data: PhpRankReport }>(first, 'POST', '/api/v1/reports', {
      form: { url: 'https://www.persisted.example/a', privacy: '2', password: 'pw' },
    });
    const before = first.store.report(created.body.data.id);
    await first.close();
    expect(readFileSync(file, 'utf8')).toContain('"dialect": "phprank"');

    const second = await startPhpRank({ dataFile: file });
    try {
      expect(second.store.report(created.body.data.id)).toEqual(before);
      expect(second.store.passwordMatches(created.body.data.id, 'pw')).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('refuses a file of the other dialect, and counts a file without one as api-md', async () => {
    const apiMd = await start({ dataFile: file });
    await apiMd.close();
    await expect(startPhpRank({ dataFile: file })).rejects.toThrow(
      /holds api-md data: start with --dialect api-md/,
    );

    const old = join(dir, 'old.json');
    writeFileSync(old, JSON.stringify({ version: 1, nextId: 1, reports: [] }));
    await expect(startPhpRank({ dataFile: old })).rejects.toThrow(/holds api-md data/);
    const reopened = await start({ dataFile: old });
    await reopened.close();

    const phprank = join(dir, 'phprank.json');
    await (await startPhpRank({ dataFile: phprank })).close();
    await expect(start({ dataFile: phprank })).rejects.toThrow(
      /holds phprank data: start with --dialect phprank/,
    );
  });
});

describe('phprank seed', () => {
  it('looks like a real account: about a dozen hosts over months, every privacy, odd addresses', async () => {
    const api = await startReferenceApi();
    try {
      const reports = api.store.reports() as PhpRankReport[];
      const projects = api.store.projects().map((project) => project.project);
      expect(reports.length).toBe(132);
      expect(projects.length).toBeGreaterThanOrEqual(12);
      expect(projects).toEqual(
        expect.arrayContaining(['example.com', 'café.example.jp', 'localhost', '127.0.0.1']),
      );
      // Hosts only: no www., no scheme, no port.
      for (const project of projects) expect(project).toMatch(/^(?!www\.)[^/:?#\s]+$/);
      for (const report of reports) {
        expect(report.url).not.toMatch(/^(https?:\/\/|www\.)/);
        expect(report.url.startsWith(report.project)).toBe(true);
        expect(report.password).toBe(report.privacy === 2);
        expect(report.generated_at).not.toBeNull();
      }
      const urls = reports.map((report) => report.url);
      expect(urls).toContain('example.com');
      expect(urls.some((url) => url.includes('?'))).toBe(true);
      expect(urls.some((url) => url.length > 100)).toBe(true);
      expect(urls.some((url) => /[^\x00-\x7f]/.test(url))).toBe(true);
      expect(new Set(reports.map((report) => report.privacy))).toEqual(new Set([0, 1, 2]));
      const passworded = reports.find((report) => report.privacy === 2);
      expect(passworded && api.store.passwordMatches(passworded.id, SEED_PASSWORD)).toBe(true);
      // Spread over months, ids in date order; some reports generated again later.
      const created = reports.map((report) => Date.parse(report.created_at));
      expect(Math.max(...created) - Math.min(...created)).toBeGreaterThan(90 * 86_400_000);
      expect(created).toEqual([...created].sort((a, b) => a - b));
      expect(reports.some((report) => report.generated_at > report.created_at)).toBe(true);
    } finally {
      await api.close();
    }
  });

  it('is deterministic for a given start time', async () => {
    const clock = manualClock();
    const a = await startReferenceApi({ now: clock.now });
    const b = await startReferenceApi({ now: clock.now });
    try {
      expect(a.store.reports()).toEqual(b.store.reports());
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
