// Every message between the extension's pages and its background, declared once.
// Type-only, so pages pay nothing for it; lib/messaging/schemas.ts holds the zod side (background only).
import type {
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
}

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
}

export type MessageType = keyof Protocol;
export type MessageInput<T extends MessageType> = Protocol[T]['input'];
export type MessageOutput<T extends MessageType> = Protocol[T]['output'];

export interface Message<T extends MessageType = MessageType> {
  type: T;
  payload: MessageInput<T>;
}
