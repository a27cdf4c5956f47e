// A page's score over time: one snapshot per analysis the extension has seen (a new `generated_at`),
// the bounds that keep the history small, and what changed between two analyses. Pure data: the
// background keeps the snapshots, the pages draw them, and the words come from the locales.
import { analysisTime, type Snapshot, type SnapshotFailure } from './history-store';
import { bandOfScore, roundScore } from './api/score';
import type { Report, ReportResult } from './api/types';

/** A snapshot's shape is its stored item's schema (lib/history-store.ts). */
export type { Snapshot, SnapshotFailure } from './history-store';

/** Snapshots kept per report; older ones are thinned beyond it. */
export const MAX_SNAPSHOTS = 100;
/** Failed tests kept per snapshot (phpRank has 33 tests); the counts stay exact. */
const MAX_FAILED = 50;
/** Characters of a failure's value kept. */
const MAX_VALUE = 80;

/**
 * The snapshot of a report's analysis, or null when there is none to keep: no date, neither score nor
 * band, or no tests (what a new analysis fixed or broke could not be told).
 */
export function snapshotOf(report: Report, takenAt: number): Snapshot | null {
  if (!report.generatedAt || !report.checks) return null;
  const score = report.score === null ? null : roundScore(report.score);
  const band = report.result ?? (score === null ? null : bandOfScore(score));
  if (score === null && band === null) return null;
  const checks = report.checks;
  return {
    generatedAt: report.generatedAt,
    takenAt,
    score,
    band,
    counts: { ...checks.counts },
    failed: checks.failures.slice(0, MAX_FAILED).map((check) => ({
      key: check.key,
      name: check.name,
      importance: check.importance,
      category: check.category,
      value: shorten(check.detail),
    })),
  };
}

/**
 * The history with `snapshot` added in date order, thinned to `max` snapshots. The same list (same
 * object) when it already holds that analysis.
 */
export function addSnapshot(
  history: readonly Snapshot[],
  snapshot: Snapshot,
  max = MAX_SNAPSHOTS,
): readonly Snapshot[] {
  if (history.some((each) => each.generatedAt === snapshot.generatedAt)) return history;
  const added = [...history, snapshot].sort((a, b) => analysisTime(a) - analysisTime(b));
  return thin(added, Math.max(2, max));
}

/** Thinning drops the snapshot whose neighbours are closest in time, so the timeline stays spread; never the first or last. */
function thin(history: Snapshot[], max: number): Snapshot[] {
  while (history.length > max) {
    let drop = 1;
    for (let i = 2; i < history.length - 1; i++) {
      if (gapAround(history, i) < gapAround(history, drop)) drop = i;
    }
    history.splice(drop, 1);
  }
  return history;
}

function gapAround(history: readonly Snapshot[], index: number): number {
  return analysisTime(history[index + 1]!) - analysisTime(history[index - 1]!);
}

/** What storage counts: the UTF-8 bytes of the JSON. */
export function jsonBytes(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value)).length;
}

/** A failed test in a comparison. */
export interface CheckChange extends SnapshotFailure {
  /** Still failing: the value in the older analysis (`value` is the newer one's). */
  valueBefore?: string | null;
}

export interface Comparison {
  /** Newer score minus older, in whole points; null when either has no score. */
  scoreChange: number | null;
  /** Failed in the older analysis, passed (or gone) in the newer; with the older value. */
  fixed: CheckChange[];
  /** New failures: passed in the older analysis, failed in the newer. */
  broken: CheckChange[];
  stillFailing: CheckChange[];
}

export function compareSnapshots(older: Snapshot, newer: Snapshot): Comparison {
  const before = new Map(older.failed.map((failure) => [failure.key, failure]));
  const after = new Set(newer.failed.map((failure) => failure.key));
  return {
    scoreChange: older.score === null || newer.score === null ? null : newer.score - older.score,
    fixed: older.failed.filter((failure) => !after.has(failure.key)).map((failure) => ({ ...failure })),
    broken: newer.failed.filter((failure) => !before.has(failure.key)).map((failure) => ({ ...failure })),
    stillFailing: newer.failed
      .filter((failure) => before.has(failure.key))
      .map((failure) => ({ ...failure, valueBefore: before.get(failure.key)!.value })),
  };
}

/** The data of "81 ▲ 9 since 3 Nov · 3 fixed · 1 new": the newest analysis against the one before. */
export interface ChangeSummary {
  score: number | null;
  band: ReportResult | null;
  /** Points up (positive) or down since the previous analysis; null without both scores. */
  change: number | null;
  /** The previous analysis's score, the other end of `change`. */
  previous: number | null;
  /** The previous analysis's `generated_at`. */
  since: string;
  fixed: number;
  broken: number;
}

/** null until the history holds two analyses. */
export function changeSummary(history: readonly Snapshot[]): ChangeSummary | null {
  const newer = history.at(-1);
  const older = history.at(-2);
  if (!newer || !older) return null;
  const comparison = compareSnapshots(older, newer);
  return {
    score: newer.score,
    band: newer.band,
    change: comparison.scoreChange,
    previous: older.score,
    since: older.generatedAt,
    fixed: comparison.fixed.length,
    broken: comparison.broken.length,
  };
}

function shorten(text: string | null): string | null {
  if (text === null || text.length <= MAX_VALUE) return text;
  return `${text.slice(0, MAX_VALUE - 1).replace(/[\uD800-\uDBFF]$/, '')}…`;
}
