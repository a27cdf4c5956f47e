// Every message between the extension's pages and its background: what it carries is its zod schema in
// ./inputs (types only here, so pages pay nothing for it), what it answers is below.
import type { ApiError } from '../api/errors';
import type { Account, Page, Privacy, Project, Report, ReportSummary } from '../api/types';
import type { ExportPage } from '../export/export-row';
import type { SitePage } from '../site';
import type { ConnectionHandle } from '../connection-space';
import type { Payloads } from './inputs';

/** What pages may know about the settings: never the key, only whether one is set and its end. */
export interface SettingsSummary {
  baseUrl: string;
  keySet: boolean;
  keyLastFour: string | null;
  /** Whether the extension may reach the base URL's origin. */
  hostPermission: boolean;
  connections?: ConnectionSummary[];
}

/** One saved connection as pages may know it: its handle (random tokens), never its key. */
export interface ConnectionSummary extends ConnectionHandle {
  label: string;
  baseUrl: string;
  keySet: boolean;
  active: boolean;
}

export interface ConnectionTestResult {
  /** Total reports from the list's meta; null when the server does not say. */
  total: number | null;
  /** Reports on the first page. */
  count: number;
  /** Who the key belongs to (phpRank's GET /account); null when the server has no such endpoint. */
  account: Account | null;
}

/** A key tried before it was saved: accepted (what the test found), rejected (401, 403), or not told. */
export type KeyCheck =
  | { outcome: 'accepted'; found: ConnectionTestResult }
  | { outcome: 'rejected' | 'unchecked'; error: ApiError };

/** What a save or an add answers; `keyCheck` when the key was tried first. */
export type SavedSettings = SettingsSummary & { keyCheck?: KeyCheck };

/** Data the background last fetched for the popup, and when (epoch ms). */
export interface Cached<T> {
  data: T;
  fetchedAt: number;
}

/** What the popup needs from the background before any request (it reads kept reports itself: lib/report-store). */
export interface PopupSnapshot {
  /** A base URL and a key are set; when false the popup shows only "Open settings". */
  configured: boolean;
  /** The privacy last chosen in the form: the next form starts there. */
  lastPrivacy: Privacy;
  /** A create for this page still running in the background, or one that failed while no popup was open. */
  create: CreateRunState | null;
}

/** A create the background runs for a page (phpRank answers only once it has analysed the page). */
export interface CreateRunState {
  startedAt: number;
  /** How it failed, when it ended while no popup was open. */
  error?: ApiError;
}

/** How many reports 'popup.recentReports' answers with, and the popup's recent list holds. */
export const RECENT_COUNT = 5;

/** Each message: what a page sends (its schema in ./inputs) and what the background answers. */
export interface Protocol {
  'settings.get': { input: Payloads['settings.get']; output: SettingsSummary };
  'settings.save': { input: Payloads['settings.save']; output: SavedSettings };
  'settings.test': { input: Payloads['settings.test']; output: ConnectionTestResult };
  'connections.add': { input: Payloads['connections.add']; output: SavedSettings };
  'connections.rename': { input: Payloads['connections.rename']; output: SettingsSummary };
  /** Gives the origin's permission back unless another connection uses it; another one becomes active. */
  'connections.remove': { input: Payloads['connections.remove']; output: SettingsSummary };
  'connections.switch': { input: Payloads['connections.switch']; output: SettingsSummary };
  /** Reports as lists carry them (summaries); the details view reads its report whole. */
  'reports.list': { input: Payloads['reports.list']; output: Page<ReportSummary> };
  /** A page of the list for the CSV export: each report reduced to the file's columns. */
  'reports.exportPage': { input: Payloads['reports.exportPage']; output: ExportPage };
  'reports.get': { input: Payloads['reports.get']; output: Report };
  'reports.create': { input: Payloads['reports.create']; output: Report };
  'reports.update': { input: Payloads['reports.update']; output: Report };
  'reports.delete': { input: Payloads['reports.delete']; output: null };
  'projects.list': { input: Payloads['projects.list']; output: Page<Project> };
  'projects.delete': { input: Payloads['projects.delete']; output: null };
  /** Never the network: answers at once. */
  'popup.snapshot': { input: Payloads['popup.snapshot']; output: PopupSnapshot };
  /** The newest report for exactly this URL (null: none), fetched now and kept. */
  'popup.pageReport': { input: Payloads['popup.pageReport']; output: Cached<ReportSummary | null> };
  /** The RECENT_COUNT newest reports, of one host when given, fetched now and kept. */
  'popup.recentReports': { input: Payloads['popup.recentReports']; output: Cached<ReportSummary[]> };
  'popup.rememberPrivacy': { input: Payloads['popup.rememberPrivacy']; output: null };
  /** Waits for this page's running create: its report, its error, or null when none runs. */
  'popup.awaitCreate': { input: Payloads['popup.awaitCreate']; output: Report | null };
  /** The outcome of this page's create was shown: the next popup need not show it again. */
  'popup.forgetCreate': { input: Payloads['popup.forgetCreate']; output: null };
  /** Starts a bulk change; pages watch its progress in storage (lib/bulk-job.ts). */
  'bulk.start': { input: Payloads['bulk.start']; output: null };
  /** Sends nothing more; a request on its way finishes. */
  'bulk.stop': { input: Payloads['bulk.stop']; output: null };
  /** Starts the last job again over its failures that are safe to send again. */
  'bulk.retryFailed': { input: Payloads['bulk.retryFailed']; output: null };
  /** Forgets an ended job (and the password it held). */
  'bulk.dismiss': { input: Payloads['bulk.dismiss']; output: null };
  'history.clear': { input: Payloads['history.clear']; output: null };
  /** Starts reading a project (its progress and aggregate land in storage: lib/site-store.ts). */
  'site.read': { input: Payloads['site.read']; output: null };
  /** Sends nothing more for that project's read; the next read goes on from what was read. */
  'site.stop': { input: Payloads['site.stop']; output: null };
  'site.pages': { input: Payloads['site.pages']; output: SitePage[] };
}

export type MessageType = keyof Protocol;
export type MessageInput<T extends MessageType> = Protocol[T]['input'];
export type MessageOutput<T extends MessageType> = Protocol[T]['output'];
/** What a page gives `send`: the payload, its connection left to `send` (the one the page shows). */
export type PageInput<T extends MessageType> = DistributiveOmit<MessageInput<T>, 'connection'> & {
  connection?: ConnectionHandle;
};
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
