// What the person chose last time, so the popup starts there. Never anything secret: no password.
// Background only (the popup learns it from its snapshot), which keeps storage code out of the popup.
import { storage } from 'wxt/utils/storage';
import { LAST_PRIVACY_KEY } from '@/lib/storage-keys';
import type { Privacy } from '@/lib/api/types';

// Typed and versioned: only saveLastPrivacy writes it, with a privacy the background has checked.
const lastPrivacyItem = storage.defineItem<Privacy>(`local:${LAST_PRIVACY_KEY}`, { fallback: 0, version: 1 });

/** The privacy chosen last (Public at first). */
export function loadLastPrivacy(): Promise<Privacy> {
  return lastPrivacyItem.getValue();
}

export function saveLastPrivacy(privacy: Privacy): Promise<void> {
  return lastPrivacyItem.setValue(privacy);
}
