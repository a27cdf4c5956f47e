// What the person chose last time, so the popup starts there. Never anything secret: no password.
// Background only (the popup learns it from its snapshot), which keeps storage code out of the popup.
import { storage } from 'wxt/utils/storage';
import { PRIVACY_VALUES, type Privacy } from './api/types';

const lastPrivacyItem = storage.defineItem<Privacy>('local:lastPrivacy', { fallback: 0, version: 1 });

/** The privacy chosen last (Public at first). Stored data is checked: anything odd means Public. */
export async function loadLastPrivacy(): Promise<Privacy> {
  const stored: unknown = await lastPrivacyItem.getValue();
  return PRIVACY_VALUES.find((value) => value === stored) ?? 0;
}

export function saveLastPrivacy(privacy: Privacy): Promise<void> {
  return lastPrivacyItem.setValue(privacy);
}
