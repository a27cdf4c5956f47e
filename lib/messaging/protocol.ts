// What the background answers pages, and the message types derived from the one table in ./inputs (types
// only here, so pages pay nothing for it).
import type { ApiError } from '../api/errors';
import type { Account, Privacy } from '../api/types';
import type { ConnectionHandle } from '../connection-space';
import type { z } from '../zod';
import type { messages, ReplyOf } from './inputs';

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

type Messages = typeof messages;
export type MessageType = keyof Messages;
export type MessageInput<T extends MessageType> = z.input<Messages[T]>;
export type MessageOutput<T extends MessageType> = ReplyOf<Messages[T]>;
/** What a page gives `send`: the payload, its connection left to `send` (the one the page shows). */
export type PageInput<T extends MessageType> = DistributiveOmit<MessageInput<T>, 'connection'> & {
  connection?: ConnectionHandle;
};
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
