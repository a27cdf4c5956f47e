// How pages read a project's site view: the background writes it to storage.session under the active
// connection's space (lib/site.ts says what it holds); pages watch it, checking its shape once here.
import { watchActiveItem } from './connection-space';
import { isRecord } from './is-record';
import { siteViewName, type SiteView } from './site';

const PHASES = ['reading', 'done', 'stopped', 'failed'];

/** The stored view, if it has the shape pages rely on (storage is not trusted blindly); else null. */
export function siteViewFrom(value: unknown): SiteView | null {
  if (!isRecord(value) || !isRecord(value.read) || !PHASES.includes(value.read.phase as string)) return null;
  const summary = value.summary;
  if (summary === null) return value as unknown as SiteView;
  return isRecord(summary) &&
    typeof summary.pages === 'number' &&
    typeof summary.withoutResults === 'number' &&
    isRecord(summary.spread) &&
    Array.isArray(summary.tests)
    ? (value as unknown as SiteView)
    : null;
}

/**
 * Calls `listener` with project `project`'s view now, after every change, and when another connection
 * becomes active; null while there is none. Returns the function that stops watching.
 */
export function watchSite(project: string, listener: (view: SiteView | null) => void): () => void {
  return watchActiveItem(siteViewName(project), (value) => listener(siteViewFrom(value)));
}
