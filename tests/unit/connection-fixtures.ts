// Two saved connections as pages see them (summaries, never a key), A active, and the settings summary
// holding them: the fixtures of the connection tests (Settings' panel and model, the popup's switcher).
import type { ConnectionSummary, SettingsSummary } from '@/lib/messaging/protocol';

export const A: ConnectionSummary = {
  id: 'a',
  account: 'a',
  label: 'Client A',
  baseUrl: 'https://a.example',
  keySet: true,
  active: true,
};

export const B: ConnectionSummary = {
  ...A,
  id: 'b',
  account: 'b',
  label: 'Client B',
  baseUrl: 'https://b.example',
  active: false,
};

/** The settings summary of A as the active connection, with `connections` saved. */
export const settingsWith = (connections: ConnectionSummary[]): SettingsSummary => ({
  baseUrl: A.baseUrl,
  keySet: true,
  keyLastFour: null,
  hostPermission: true,
  connections,
});
