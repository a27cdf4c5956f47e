// The background's side of lib/connection-space.ts: a connection's items, and removing them all.
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import { spaceKey } from '@/lib/connection-space';
import type { Budget } from './storage-budget';

/** Written within `budget` (only inside its queue) when given. */
export function spaceItem<T>(
  area: 'session' | 'local',
  connectionId: string,
  name: string,
  fallback: T,
  budget?: Budget,
) {
  const item = storage.defineItem<T>(`${area}:${spaceKey(connectionId, name)}`, { fallback });
  if (budget) item.setValue = (value: T) => budget.set({ [spaceKey(connectionId, name)]: value });
  return item;
}

export async function clearSpace(connectionId: string): Promise<void> {
  const prefix = spaceKey(connectionId, '');
  for (const area of [browser.storage.session, browser.storage.local]) {
    const keys = Object.keys(await area.get(null)).filter((key) => key.startsWith(prefix));
    if (keys.length > 0) await area.remove(keys);
  }
}
