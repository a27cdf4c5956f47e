// What the services and handlers tell the rest of the background: one `emit` (wiring.ts) that calls the parts
// that must react. A part's failure is logged; only storage that stayed full reaches the caller, once all ran.
import type { ApiError } from '@/lib/api/errors';
import type { Page, Report, ReportId } from '@/lib/api/types';
import type { ConnectionRef } from './settings/storage';
import { StorageFull } from './storage-budget';

export interface BackgroundEvents {
  'report.created': { on: ConnectionRef; pageUrl: string; report: Report };
  /** Changed (privacy, password) or, with `regenerated`, new results asked for. */
  'report.changed': { on: ConnectionRef; report: Report; regenerated: boolean };
  /** A list's answer; `view` names it when a page asked for it (lib/report-store.ts listView). */
  'reports.listed': { on: ConnectionRef; page: Page<Report>; view: string | null };
  'report.seen': { on: ConnectionRef; report: Report };
  /** Deleted here (error null), or the service says it is gone. */
  'report.gone': { on: ConnectionRef; id: ReportId; error: ApiError | null };
  'project.deleted': { on: ConnectionRef; name: string };
  /** Removed, or saved with another address or key (another account): what it was. */
  'connection.removed': { id?: string; baseUrl: string };
}

/** One of them, with its type: a `switch` on `type` knows its payload. */
export type BackgroundEvent = {
  [K in keyof BackgroundEvents]: { type: K } & BackgroundEvents[K];
}[keyof BackgroundEvents];

export type Emit = <K extends keyof BackgroundEvents>(type: K, payload: BackgroundEvents[K]) => Promise<void>;

/** Every reaction in turn: what the answer reports is kept before the page sees it. */
export async function react(type: string, reactions: Array<() => unknown>): Promise<void> {
  let full: StorageFull | undefined;
  for (const reaction of reactions) {
    try {
      await reaction();
    } catch (cause) {
      console.warn('Page Reports: after', type, cause);
      if (cause instanceof StorageFull) full ??= cause;
    }
  }
  if (full) throw full;
}
