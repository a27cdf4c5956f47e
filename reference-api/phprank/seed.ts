// phprank demo data, for `npm start` and for tests that want a realistic account: reports of about a
// dozen hosts over half a year, every band of score and every privacy, addresses with `www.`, http,
// ports, a unicode host and path, query strings and very long ones. Deterministic: a seeded
// generator, with dates counted back from the start time.
import { hashPassword } from '../password';
import { pick, seededRandom } from '../random';
import { pickPrivacy, SEED_PASSWORD, SEED_REPORT_COUNT, SEED_SPAN_MS } from '../seed-common';
import type { StoreState, StoredReport } from '../types';
import { cleanUrl, projectOf } from './address';
import { analyzePage } from './analysis';

interface SeedSite {
  origin: string;
  weight: number;
  /** Addresses only this site has. */
  extraPaths?: readonly string[];
}

const SITES: readonly SeedSite[] = [
  { origin: 'https://www.example.com', weight: 16 },
  { origin: 'https://client-a.example', weight: 14 },
  // An IDN host as a person types it in phpRank's own form (a browser would send punycode).
  { origin: 'https://café.example.jp', weight: 9, extraPaths: ['/carte/crème-brûlée', '/menü'] },
  { origin: 'https://marketing.example.org', weight: 12 },
  { origin: 'https://docs.example.net', weight: 10 },
  { origin: 'https://www.shop.example', weight: 8 },
  { origin: 'https://news.example', weight: 8 },
  { origin: 'http://cpp.example', weight: 6 },
  { origin: 'https://blog.example.org', weight: 9 },
  { origin: 'http://intranet.example.test', weight: 5 },
  { origin: 'https://support.example', weight: 7 },
  { origin: 'http://localhost:3000', weight: 5 },
  { origin: 'http://127.0.0.1:8080', weight: 4 },
  { origin: 'https://a-very-long-subdomain-name-to-see-how-every-view-copes.staging.example.com', weight: 3 },
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

/** The newest reports were made minutes before the start. */
const RECENT_COUNT = 3;

export function seedState(now: number): StoreState {
  const random = seededRandom(20261120);
  const passwordHash = hashPassword(SEED_PASSWORD);
  const weighted = SITES.flatMap((site) => Array.from({ length: site.weight }, () => site));
  const step = SEED_SPAN_MS / SEED_REPORT_COUNT;
  const reports: StoredReport[] = [];

  for (let index = 0; index < SEED_REPORT_COUNT; index++) {
    const id = index + 1;
    const site = pick(random, weighted);
    const address = site.origin + pick(random, [...PATHS, ...(site.extraPaths ?? [])]);
    const recent = index >= SEED_REPORT_COUNT - RECENT_COUNT;
    // Evenly spread over the span with jitter that keeps ids in date order; the last few just now.
    const createdAt = recent
      ? now - (SEED_REPORT_COUNT - index) * 4 * 60_000
      : Math.round(now - SEED_SPAN_MS + index * step + random() * step * 0.8);
    const privacy = pickPrivacy(random);
    // Some reports were generated again later, and some edited (privacy changed, say).
    const regenerated = !recent && random() < 0.12;
    const generation = regenerated ? 2 : 1;
    const generatedAt = regenerated ? Math.round(createdAt + random() * (now - createdAt)) : createdAt;
    const updatedAt =
      !recent && random() < 0.1 ? Math.round(generatedAt + random() * (now - generatedAt)) : generatedAt;
    const url = cleanUrl(address);

    reports.push({
      id,
      url,
      project: projectOf(url),
      privacy,
      passwordHash: privacy === 2 ? passwordHash : null,
      generation,
      generationDueAt: null,
      result: null,
      ...analyzePage(id, address, generation),
      generatedAt,
      createdAt,
      updatedAt,
    });
  }
  return { version: 1, nextId: SEED_REPORT_COUNT + 1, reports };
}
