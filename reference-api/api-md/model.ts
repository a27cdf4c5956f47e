// The api-md dialect's reports: lazy generation (a report is pending until its due time), a word
// for the result, and projects that are free names.
import { hashPassword } from '../password';
import { groupByProject, iso, type DialectModel } from '../model';
import type { ApiMdProject, ApiMdReport, ReportResults } from '../types';
import { generateResults } from './generation';
import { seedState } from './seed';

export const apiMdModel: DialectModel = {
  seed: seedState,

  create(id, input, { now, generationDelayMs }) {
    return {
      id,
      url: input.url,
      project: input.project === undefined ? hostOf(input.url) : input.project,
      privacy: input.privacy,
      passwordHash: input.privacy === 2 && input.password ? hashPassword(input.password) : null,
      generation: 1,
      generationDueAt: now + generationDelayMs,
      result: null,
      results: null,
      generatedAt: null,
      createdAt: now,
      updatedAt: now,
    };
  },

  update(stored, input, { now, generationDelayMs }) {
    if (input.privacy !== undefined) stored.privacy = input.privacy;
    // A password only means something with privacy 2; leaving 2 forgets it.
    if (stored.privacy !== 2) stored.passwordHash = null;
    else if (input.password) stored.passwordHash = hashPassword(input.password);
    if (input.regenerate) {
      stored.generation++;
      stored.generationDueAt = now + generationDelayMs;
      stored.result = null;
      stored.results = null;
      stored.generatedAt = null;
    }
    stored.updatedAt = now;
    // Pending again: nothing generated yet.
    return false;
  },

  view(stored): ApiMdReport {
    return {
      id: stored.id,
      url: stored.url,
      project: stored.project,
      result: stored.result,
      privacy: stored.privacy,
      password: stored.passwordHash !== null,
      results: stored.results && (structuredClone(stored.results) as ReportResults),
      generated_at: stored.generatedAt === null ? null : iso(stored.generatedAt),
      created_at: iso(stored.createdAt),
      updated_at: iso(stored.updatedAt),
    };
  },

  projects(reports): ApiMdProject[] {
    return [...groupByProject(reports)].map(([project, group]) => ({
      project,
      created_at: iso(Math.min(...group.map((report) => report.createdAt))),
      reports_count: group.length,
    }));
  },

  complete(stored, dueAt) {
    Object.assign(stored, generateResults(stored.id, stored.url, stored.generation));
    stored.generationDueAt = null;
    stored.generatedAt = dueAt;
    stored.updatedAt = Math.max(stored.updatedAt, dueAt);
  },
};

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname || null;
  } catch {
    return null;
  }
}
