// When an analysis ran, as the options page's charts place it: lib/history's rule, copied so those charts
// do not share lib/history with the popup's lazy views (that split it into one more chunk the popup's
// start-up preloads, over its size budget).
import type { Snapshot } from './history';

/** When the analysis ran (epoch ms); when the service's date cannot be read, when it was seen. */
export function analysisTime(snapshot: Pick<Snapshot, 'generatedAt' | 'takenAt'>): number {
  const time = Date.parse(snapshot.generatedAt);
  return Number.isNaN(time) ? snapshot.takenAt : time;
}
