// The reports, kept in memory and (optionally) in a JSON file after every change. What a report
// looks like depends on the dialect (model.ts); this class keeps them, hands out ids and saves.
//
// api-md generation is lazy: a pending report carries the time its result is due, and every read
// first completes the reports that are due. No timers, so pending work survives restarts and tests
// can move time with an injected clock. phprank reports are complete when created.
import { apiMdModel } from './api-md/model';
import type { CreateReportInput, DialectModel, UpdateReportInput } from './model';
import { hashPassword } from './password';
import { loadState, saveState } from './persistence';
import { phpRankModel } from './phprank/model';
import { ServiceSettings, type ServiceOptions } from './settings';
import type { Dialect, Project, Report, StoreState, StoredReport } from './types';

export type { CreateReportInput, UpdateReportInput } from './model';

export const DEFAULT_GENERATION_DELAY_MS = 2000;

export interface StoreOptions extends ServiceOptions {
  /** Default 'phprank'. A data file keeps the dialect it was written in. */
  dialect?: Dialect;
  /** JSON file to load from and save to; omitted = in memory only. */
  dataFile?: string;
  /** Seed demo data when there is no data file (default true). */
  seed?: boolean;
  /** api-md: how long a report stays pending (default 2000 ms). */
  generationDelayMs?: number;
  now?: () => number;
}

export class Store {
  readonly dialect: Dialect;
  /** phprank behaviour the test controls change (release, redirects…). */
  readonly settings: ServiceSettings;
  readonly generationDelayMs: number;
  private readonly model: DialectModel;
  private readonly now: () => number;
  private readonly dataFile: string | undefined;
  private state: StoreState;

  constructor(options: StoreOptions = {}) {
    this.dialect = options.dialect ?? 'phprank';
    this.model = this.dialect === 'phprank' ? phpRankModel : apiMdModel;
    this.settings = new ServiceSettings(options);
    this.now = options.now ?? Date.now;
    this.generationDelayMs = options.generationDelayMs ?? DEFAULT_GENERATION_DELAY_MS;
    this.dataFile = options.dataFile;
    const loaded = this.dataFile === undefined ? undefined : loadState(this.dataFile);
    if (loaded && (loaded.dialect ?? 'api-md') !== this.dialect) {
      const theirs = loaded.dialect ?? 'api-md';
      throw new Error(
        `${this.dataFile} holds ${theirs} data: start with --dialect ${theirs}, or delete it to start over`,
      );
    }
    this.state = loaded ?? this.freshState(options.seed ?? true);
    if (!loaded) this.save();
  }

  /** Every report as read back, oldest first. */
  reports(): Report[] {
    this.settle();
    return this.state.reports.map((report) => this.model.view(report, this.settings, false));
  }

  report(id: number): Report | undefined {
    this.settle();
    const stored = this.find(id);
    return stored && this.model.view(stored, this.settings, false);
  }

  count(): number {
    return this.state.reports.length;
  }

  /** One per project name (api-md) or host (phprank); created_at is the oldest report's. */
  projects(): Project[] {
    this.settle();
    return this.model.projects(this.state.reports, this.settings);
  }

  /**
   * The new report as the answer to its creation shows it. api-md: pending. phprank: scored at once,
   * without the analysis delay of the HTTP route; throws PageFetchError for a host that cannot resolve.
   */
  create(input: CreateReportInput): Report {
    const stored = this.model.create(this.state.nextId, input, this.context());
    this.state.nextId++;
    this.state.reports.push(stored);
    this.save();
    return this.model.view(stored, this.settings, true);
  }

  /** undefined when there is no such report. phprank: throws PageFetchError when a regeneration fails. */
  update(id: number, input: UpdateReportInput): Report | undefined {
    this.settle();
    const stored = this.find(id);
    if (!stored) return undefined;
    const regenerated = this.model.update(stored, input, this.context());
    this.save();
    return this.model.view(stored, this.settings, regenerated);
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

  /** For tests: complete every pending report now, whatever its due time. Returns how many (phprank: 0). */
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

  private context() {
    return { now: this.now(), settings: this.settings, generationDelayMs: this.generationDelayMs };
  }

  private freshState(seed: boolean): StoreState {
    const { nextId, reports } = seed ? this.model.seed(this.now()) : { nextId: 1, reports: [] };
    return { version: 1, dialect: this.dialect, nextId, reports };
  }

  private find(id: number): StoredReport | undefined {
    return this.state.reports.find((report) => report.id === id);
  }

  /** api-md: completes the reports whose result is due. The result is dated when it was due, not when read. */
  private settle(): void {
    const complete = this.model.complete;
    if (!complete) return;
    const now = this.now();
    let changed = false;
    for (const report of this.state.reports) {
      const due = report.generationDueAt;
      if (due === null || due > now) continue;
      complete(report, due);
      changed = true;
    }
    if (changed) this.save();
  }

  private save(): void {
    if (this.dataFile !== undefined) saveState(this.dataFile, this.state);
  }
}
