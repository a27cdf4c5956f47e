// Where the connection settings live. Background only: pages ask for a summary through messages
// and never read the key back (lint forbids importing this file from pages).
import { storage } from 'wxt/utils/storage';

export const baseUrlItem = storage.defineItem<string>('local:baseUrl', { fallback: '', version: 1 });
export const apiKeyItem = storage.defineItem<string>('local:apiKey', { fallback: '', version: 1 });

export interface ConnectionSettings {
  baseUrl: string;
  apiKey: string;
}

export async function readConnectionSettings(): Promise<ConnectionSettings> {
  const [baseUrl, apiKey] = await Promise.all([baseUrlItem.getValue(), apiKeyItem.getValue()]);
  return { baseUrl, apiKey };
}
