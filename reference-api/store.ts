// The reports, kept in memory and (optionally) in a JSON file after every change.
//
// Generation is lazy: a pending report carries the time its result is due, and every read first
// completes the reports that are due. No timers, so pending work survives restarts and tests can
// move time with an injected clock.
import { generateResults } from './generation';
import { hashPassword } from './password';
import { loadState, saveState } from './persistence';
import { seedState } from './seed';
import type { Privacy, Project, Report, StoreState, StoredReport } from './types';

export const DEFAULT_GENERATION_DELAY_MS = 2000;

export interface StoreOptions {
  /** JSON file to load from and save to; omitted = in memory only. */
  dataFile?: string;
  /** Seed demo data when there is no data file (default true). */
  seed?: boolean;
  generationDelayMs?: number;
  now?: () => number;
}

export interface CreateReportInput {
  url: string;
  privacy: Privacy;
  /** Kept (as a hash) only when privacy is 2. */
  password?: string | null;
  /** Omitted = the URL's host name. */
  project?: string | null;
}

export interface UpdateReportInput {
  privacy?: Privacy;
  password?: string | null;
  /** `results=1`: throw the result away and generate it again. */
  regenerate?: boolean;
}

export class Store {
  readonly generationDelayMs: number;
  private readonly now: () => number;
  private readonly dataFile: string | undefined;
  private state: StoreState;

  constructor(options: StoreOptions = {}) {
    this.now = options.now ?? Date.now;
    this.generationDelayMs = options.generationDelayMs ?? DEFAULT_GENERATION_DELAY_MS;
    this.dataFile = options.dataFile;
    const loaded = this.dataFile === undefined ? undefined : loadState(this.dataFile);
    this.state = loaded ?? this.freshState(options.seed ?? true);
    if (!loaded) this.save();
  }

  /** Every report, oldest first. */
  reports(): Report[] {
    this.settle();
    return this.state.reports.map(toReport);
  }

  report(id: number): Report | undefined {
    this.settle();
    const stored = this.find(id);
    return stored && toReport(stored);
  }

  /** Projects are the distinct project names of the reports; created_at is the oldest report's. */
  projects(): Project[] {
    const byName = new Map<string, { createdAt: number; count: number }>();
    for (const report of this.state.reports) {
      if (report.project === null) continue;
      const entry = byName.get(report.project);
      if (entry) {
        entry.count++;
        entry.createdAt = Math.min(entry.createdAt, report.createdAt);
      } else {
        byName.set(report.project, { createdAt: report.createdAt, count: 1 });
      }
    }
    return [...byName].map(([project, { createdAt, count }]) => ({
      project,
      created_at: iso(createdAt),
      reports_count: count,
    }));
  }

  create(input: CreateReportInput): Report {
    const now = this.now();
    const id = this.state.nextId++;
    const stored: StoredReport = {
      id,
      url: input.url,
      project: input.project === undefined ? hostOf(input.url) : input.project,
      privacy: input.privacy,
      passwordHash: input.privacy === 2 && input.password ? hashPassword(input.password) : null,
      generation: 1,
      generationDueAt: now + this.generationDelayMs,
      result: null,
      results: null,
      generatedAt: null,
      createdAt: now,
      updatedAt: now,
    };
    this.state.reports.push(stored);
    this.save();
    return toReport(stored);
  }

  update(id: number, input: UpdateReportInput): Report | undefined {
    this.settle();
    const stored = this.find(id);
    if (!stored) return undefined;
    const now = this.now();
    if (input.privacy !== undefined) stored.privacy = input.privacy;
    // A password only means something with privacy 2; leaving 2 forgets it.
    if (stored.privacy !== 2) stored.passwordHash = null;
    else if (input.password) stored.passwordHash = hashPassword(input.password);
    if (input.regenerate) {
      stored.generation++;
      stored.generationDueAt = now + this.generationDelayMs;
      stored.result = null;
      stored.results = null;
      stored.generatedAt = null;
    }
    stored.updatedAt = now;
    this.save();
    return toReport(stored);
  }

  deleteReport(id: number): boolean {
    const before = this.state.reports.length;
    this.state.reports = this.state.reports.filter((report) => report.id !== id);
    if (this.state.reports.length === before) return false;
    this.save();
    return true;
  }

  /** Deletes the project with all its reports. Returns how many reports went; 0 = no such project. */
  deleteProject(name: string): number {
    const before = this.state.reports.length;
    this.state.reports = this.state.reports.filter((report) => report.project !== name);
    const removed = before - this.state.reports.length;
    if (removed > 0) this.save();
    return removed;
  }

  /** For tests: whether the report's password is this one (the store only knows its hash). */
  passwordMatches(id: number, password: string): boolean {
    const stored = this.find(id);
    return stored?.passwordHash != null && stored.passwordHash === hashPassword(password);
  }

  /** For tests: complete every pending report now, whatever its due time. Returns how many. */
  finishPending(): number {
    const now = this.now();
    let count = 0;
    for (const report of this.state.reports) {
      if (report.generationDueAt === null) continue;
      report.generationDueAt = Math.min(report.generationDueAt, now);
      count++;
    }
    this.settle();
    return count;
  }

  /** For tests: start over with the demo data or with nothing. */
  reset(seed: boolean): void {
    this.state = this.freshState(seed);
    this.save();
  }

  private freshState(seed: boolean): StoreState {
    return seed ? seedState(this.now()) : { version: 1, nextId: 1, reports: [] };
  }

  private find(id: number): StoredReport | undefined {
    return this.state.reports.find((report) => report.id === id);
  }

  /** Completes the reports whose result is due. The result is dated when it was due, not when read. */
  private settle(): void {
    const now = this.now();
    let changed = false;
    for (const report of this.state.reports) {
      const due = report.generationDueAt;
      if (due === null || due > now) continue;
      Object.assign(report, generateResults(report.id, report.url, report.generation));
      report.generationDueAt = null;
      report.generatedAt = due;
      report.updatedAt = Math.max(report.updatedAt, due);
      changed = true;
    }
    if (changed) this.save();
  }

  private save(): void {
    if (this.dataFile !== undefined) saveState(this.dataFile, this.state);
  }
}

function toReport(stored: StoredReport): Report {
  return {
    id: stored.id,
    url: stored.url,
    project: stored.project,
    result: stored.result,
    privacy: stored.privacy,
    password: stored.passwordHash !== null,
    results: stored.results && structuredClone(stored.results),
    generated_at: stored.generatedAt === null ? null : iso(stored.generatedAt),
    created_at: iso(stored.createdAt),
    updated_at: iso(stored.updatedAt),
  };
}

/** Laravel's date format: ISO 8601 with microseconds, e.g. 2024-06-11T10:00:00.000000Z. */
function iso(ms: number): string {
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname || null;
  } catch {
    return null;
  }
}
