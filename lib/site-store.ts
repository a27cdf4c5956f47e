// How pages read a project's site view: the background writes it to storage.session under the active
// connection's space (lib/site.ts says what it holds); pages watch it, checking its shape once here.
import { watchActiveItem } from './connection-space';
import { isRecord } from './is-record';
import { browser } from './page-browser';
import { ACTIVE_CONNECTION_KEY } from './storage-keys';
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
    Array.isArray(summary.tests) &&
    summary.tests.every(isTest)
    ? (value as unknown as SiteView)
    : null;
}

const isTest = (test: unknown) =>
  isRecord(test) &&
  typeof test.key === 'string' &&
  typeof test.name === 'string' &&
  typeof test.pages === 'number';

/**
 * Calls `listener` with project `project`'s view now, after every change, and when another connection
 * becomes active; null while there is none. Returns the function that stops watching.
 */
export function watchSite(project: string, listener: (view: SiteView | null) => void): () => void {
  return watchActiveItem(siteViewName(project), (value) => listener(siteViewFrom(value)));
}

/**
 * Calls `listener` when another connection becomes active: a project's page then asks that connection's
 * background to read the project (its view is another connection's item). Returns the function that stops.
 */
export function onConnectionSwitch(listener: () => void): () => void {
  const area = browser.storage.session;
  const onChanged = (changes: Record<string, unknown>) => {
    if (ACTIVE_CONNECTION_KEY in changes) listener();
  };
  area.onChanged.addListener(onChanged);
  return () => area.onChanged.removeListener(onChanged);
}
