// api-md demo data, for `npm start` and for tests that want a realistic list: enough reports for several
// pages, odd project names (space + slash, %, ?, #, +, unicode, very long), reports without a
// project, every result (and pending ones) and every privacy. Deterministic: a seeded generator,
// with dates counted back from the start time.
import { hashPassword } from '../password';
import { pick, randomInt, seededRandom } from '../random';
import { pickPrivacy, SEED_PASSWORD, SEED_REPORT_COUNT, SEED_SPAN_MS as SPAN_MS } from '../seed-common';
import type { StoreState, StoredReport } from '../types';
import { generateResults } from './generation';

interface SeedProject {
  name: string | null;
  origin: string;
  weight: number;
}

const PROJECTS: readonly SeedProject[] = [
  { name: 'Client A / Landing pages', origin: 'https://client-a.example', weight: 14 },
  { name: 'Café – Ünïcode 日本', origin: 'https://cafe.example.jp', weight: 9 },
  { name: 'example.com', origin: 'https://www.example.com', weight: 16 },
  { name: 'Marketing site', origin: 'https://marketing.example.org', weight: 12 },
  { name: 'Docs & Guides', origin: 'https://docs.example.net', weight: 10 },
  { name: 'Shop 100% off?', origin: 'https://shop.example', weight: 8 },
  { name: 'News #1', origin: 'https://news.example', weight: 8 },
  { name: 'C++ guides', origin: 'http://cpp.example', weight: 6 },
  { name: 'blog.example.org', origin: 'https://blog.example.org', weight: 9 },
  { name: 'Intranet', origin: 'http://intranet.example.test', weight: 5 },
  { name: 'Support portal', origin: 'https://support.example', weight: 7 },
  { name: 'Staging', origin: 'http://localhost:3000', weight: 4 },
  {
    name: 'A very long project name that keeps going, to see how every view truncates or wraps it',
    origin: 'https://long.example',
    weight: 3,
  },
  { name: null, origin: 'https://no-project.example', weight: 12 },
];

const PATHS = [
  '/',
  '/pricing',
  '/about',
  '/blog/hello-world',
  '/contact',
  '/docs/getting-started',
  '/products?id=42&ref=newsletter',
  '/en/landing/spring-sale',
  '/careers',
  '/search?q=caf%C3%A9',
  '/%E3%83%A1%E3%83%8B%E3%83%A5%E3%83%BC',
  '/a/really/long/path/that/goes/on/and/on/to/check/wrapping/of/urls/in/tables?utm_source=demo&utm_medium=seed',
];

/** How long after creation the newest reports finish: they are still pending right after seeding. */
const PENDING_DELAYS_MS = [30_000, 5 * 60_000, 60 * 60_000];

export function seedState(now: number): StoreState {
  const random = seededRandom(20240611);
  const passwordHash = hashPassword(SEED_PASSWORD);
  const weighted = PROJECTS.flatMap((project) => Array.from({ length: project.weight }, () => project));
  const reports: StoredReport[] = [];

  for (let index = 0; index < SEED_REPORT_COUNT; index++) {
    const id = index + 1;
    const project = pick(random, weighted);
    const url = project.origin + pick(random, PATHS);
    // Evenly spread over the span, newest last, with jitter that keeps ids in date order.
    const step = SPAN_MS / SEED_REPORT_COUNT;
    const pendingDelay = PENDING_DELAYS_MS[SEED_REPORT_COUNT - 1 - index];
    const jitter = random() * step * 0.8;
    // The pending ones were created minutes ago, the others over the past months.
    const createdAt =
      pendingDelay === undefined
        ? Math.round(now - SPAN_MS + index * step + jitter)
        : now - (SEED_REPORT_COUNT - index) * 60_000;
    const privacy = pickPrivacy(random);

    const report: StoredReport = {
      id,
      url,
      project: project.name,
      privacy,
      passwordHash: privacy === 2 ? passwordHash : null,
      generation: 1,
      generationDueAt: null,
      result: null,
      results: null,
      generatedAt: null,
      createdAt,
      updatedAt: createdAt,
    };
    if (pendingDelay !== undefined) {
      report.generationDueAt = now + pendingDelay;
    } else {
      Object.assign(report, generateResults(id, url, 1));
      report.generatedAt = createdAt + randomInt(random, 20_000, 300_000);
      // Some reports were edited later (privacy changed, say).
      const generatedAt = report.generatedAt;
      report.updatedAt =
        random() < 0.15 ? Math.round(generatedAt + random() * (now - generatedAt)) : generatedAt;
    }
    reports.push(report);
  }
  return { version: 1, nextId: SEED_REPORT_COUNT + 1, reports };
}
