// The phprank dialect's reports: analysed at once (no pending state), a 0–100 score, the address
// cleaned into `url`, and one project per host.
import { hashPassword } from '../password';
import type { DialectModel } from '../model';
import type { ServiceSettings } from '../settings';
import type { PhpRankResults, StoredReport } from '../types';
import { cleanUrl, fetchPage, projectOf } from './address';
import { analyzePage, reanalyzePage } from './analysis';
import { seedState } from './seed';
import { phpRankProjects, toPhpRankReport } from './view';

/** The page could not be fetched: the route answers 422 with this message. */
export class PageFetchError extends Error {}

export const phpRankModel: DialectModel = {
  seed: seedState,

  create(id, input, { now, settings }) {
    const address = fetch(input.url, settings);
    const url = cleanUrl(address);
    return {
      id,
      url,
      project: projectOf(url),
      privacy: input.privacy,
      // phpRank stores whatever password it is sent; API.md's "only with privacy 2" is about the page.
      passwordHash: input.password ? hashPassword(input.password) : null,
      generation: 1,
      generationDueAt: null,
      result: null,
      ...analyzePage(id, address, 1, settings.pageOutcomeOf(address)),
      generatedAt: now,
      createdAt: now,
      updatedAt: now,
    };
  },

  update(stored, input, { now, settings }) {
    // The page is fetched again first: when that fails, nothing changes. The report keeps its address.
    const address = addressOf(stored);
    if (input.regenerate) fetch(address, settings);
    // Each only when sent: leaving privacy 2 keeps the password.
    if (input.privacy !== undefined) stored.privacy = input.privacy;
    if (input.password) stored.passwordHash = hashPassword(input.password);
    if (input.regenerate) {
      stored.generation++;
      const previous = stored.results as PhpRankResults | null;
      const decided = settings.pageOutcomeOf(address);
      Object.assign(stored, reanalyzePage(previous, stored.id, address, stored.generation, decided));
      stored.generatedAt = now;
    }
    stored.updatedAt = now;
    return input.regenerate === true;
  },

  view: toPhpRankReport,
  projects: phpRankProjects,
};

/** The address reached, or PageFetchError. */
function fetch(address: string, settings: ServiceSettings): string {
  const fetched = fetchPage(address, (from) => settings.redirectOf(from));
  if (!fetched.ok) throw new PageFetchError(fetched.message);
  return fetched.address;
}

/** The full address the report was made from: `seo_friendly_url` keeps it. */
export function addressOf(stored: StoredReport): string {
  const results = stored.results as Record<string, { value?: unknown }> | null;
  const value = results?.seo_friendly_url?.value;
  return typeof value === 'string' ? value : `https://${stored.url}`;
}
