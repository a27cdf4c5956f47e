// Every message between the extension's pages and its background, declared once.
// Types and one shared number, so pages pay next to nothing for it; lib/messaging/schemas.ts holds the
// zod side (background only).
import type { ApiError } from '../api/errors';
import type {
  Account,
  CreateReportInput,
  Page,
  Privacy,
  Project,
  ProjectListQuery,
  Report,
  ReportId,
  ReportListQuery,
} from '../api/types';

/** What pages may know about the settings: never the key, only whether one is set and its end. */
export interface SettingsSummary {
  baseUrl: string;
  keySet: boolean;
  keyLastFour: string | null;
  /** Whether the extension may reach the base URL's origin (host permission granted). */
  hostPermission: boolean;
}

export interface ConnectionTestResult {
  /** Total reports from the list's meta; null when the server does not say. */
  total: number | null;
  /** Reports on the first page. */
  count: number;
  /** Who the key belongs to (phpRank's GET /account); null when the server has no such endpoint. */
  account: Account | null;
}

/** Data the background last fetched for the popup, and when (epoch ms), so a page can say how old it is. */
export interface Cached<T> {
  data: T;
  fetchedAt: number;
}

/** What the popup paints before any request: settings state and the cached data for this page. */
export interface PopupSnapshot {
  /** A base URL and a key are set; when false the popup shows only "Open settings". */
  configured: boolean;
  /** This page's report as last seen (data null: none exists); null when never looked up. */
  pageReport: Cached<Report | null> | null;
  /** The newest reports as last seen, for the asked scope (everything, or one host). */
  recent: Cached<Report[]> | null;
  /** The privacy the person last chose in the form (Public at first): the next form starts there. */
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

export interface Protocol {
  'settings.get': { input: Record<string, never>; output: SettingsSummary };
  /** apiKey omitted keeps the stored key; an empty string removes it. */
  'settings.save': { input: { baseUrl: string; apiKey?: string }; output: SettingsSummary };
  'settings.test': { input: Record<string, never>; output: ConnectionTestResult };
  'reports.list': { input: ReportListQuery; output: Page<Report> };
  'reports.get': { input: { id: ReportId }; output: Report };
  'reports.create': { input: CreateReportInput; output: Report };
  'reports.update': {
    input: { id: ReportId; privacy?: Privacy; password?: string; regenerate?: boolean };
    output: Report;
  };
  'reports.delete': { input: { id: ReportId }; output: null };
  'projects.list': { input: ProjectListQuery; output: Page<Project> };
  'projects.delete': { input: { name: string }; output: null };
  /** The popup's cache only, never the network: answers at once. `host` picks the "This site only" list. */
  'popup.snapshot': { input: { url?: string; host?: string }; output: PopupSnapshot };
  /** The newest report for exactly this URL (null: none), fetched now and cached. */
  'popup.pageReport': { input: { url: string }; output: Cached<Report | null> };
  /** The RECENT_COUNT newest reports, of one host when given, fetched now and cached. */
  'popup.recentReports': { input: { host?: string }; output: Cached<Report[]> };
  /** The privacy just chosen in the form, so the next popup starts there. Never a password. */
  'popup.rememberPrivacy': { input: { privacy: Privacy }; output: null };
  /** Waits for this page's running create: its report, its error, or null when none runs. */
  'popup.awaitCreate': { input: { url: string }; output: Report | null };
  /** The outcome of this page's create was shown: the next popup need not show it again. */
  'popup.forgetCreate': { input: { url: string }; output: null };
}

/** Messages only the popup sends; the background answers them in popup-*.ts. */
export type PopupMessageType = Extract<MessageType, `popup.${string}`>;

export type MessageType = keyof Protocol;
export type MessageInput<T extends MessageType> = Protocol[T]['input'];
export type MessageOutput<T extends MessageType> = Protocol[T]['output'];

export interface Message<T extends MessageType = MessageType> {
  type: T;
  payload: MessageInput<T>;
}
