// Rules for the API base URL a person types in Settings (DESIGN.md "Security rules"); the HTTP client
// checks them again just before sending.
import { t } from './i18n';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export const isAllowedBaseUrl = (url: URL): boolean => checkBaseUrl(url.href).ok;

/** A key a header can carry: printable ASCII without spaces (fetch would fail anything else as "network"). */
export function isSendableKey(key: string): boolean {
  return /^[\x21-\x7e]+$/.test(key);
}

export type BaseUrlCheck = { ok: true; baseUrl: string; origin: string } | { ok: false; message: string };

/**
 * https (plain http only on this computer), and nothing that would carry credentials or change the address's
 * meaning (a user, a query, a fragment). Trims, drops trailing slashes and `/api/v1`, keeps a path prefix.
 */
export function checkBaseUrl(input: string): BaseUrlCheck {
  const typed = input.trim();
  if (!typed) return { ok: false, message: t('urlEmpty') };
  let url: URL;
  try {
    url = new URL(typed);
  } catch {
    return { ok: false, message: t('urlNotWeb') };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, message: t('urlScheme') };
  }
  if (url.protocol === 'http:' && !LOCAL_HOSTS.has(url.hostname)) {
    return { ok: false, message: t('urlNotHttps') };
  }
  if (url.username || url.password) {
    return { ok: false, message: t('urlCredentials') };
  }
  if (url.search || url.hash) {
    return { ok: false, message: t('urlQuery') };
  }
  // Every trailing /api/v1 (pasted twice, say): saving the result again changes nothing.
  const path = url.pathname.replace(/(?:\/+api\/v1)*\/*$/i, '');
  return { ok: true, baseUrl: url.origin + path, origin: url.origin };
}

/** The match pattern asked for in `permissions.request` (a pattern takes no port: it covers every port). */
export function originPattern(origin: string): string {
  const url = new URL(origin);
  return `${url.protocol}//${url.hostname}/*`;
}
