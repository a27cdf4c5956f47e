// A server may echo the key back: in an error message, a field error, a redirect's address, a report's
// own fields. What the background hands to a page passes through here first, so the key never does.
import { t } from '@/lib/i18n';
import { MIN_KEY_LENGTH } from '@/lib/settings/rules';

export const KEY_PLACEHOLDER = t('serviceKeyPlaceholder');

/** `value` with every occurrence of `key` (as is, or URL-encoded) in its strings and names replaced. */
export function withoutKey<T>(value: T, key: string): T {
  // A save refuses such keys: replacing one would mangle ordinary words.
  if (key.length < MIN_KEY_LENGTH) return value;
  const forms = [...new Set([key, encodeURIComponent(key)])];
  const scrubText = (text: string) =>
    forms.reduce((result, form) => result.split(form).join(KEY_PLACEHOLDER), text);
  const scrub = (item: unknown): unknown => {
    if (typeof item === 'string') return scrubText(item);
    if (Array.isArray(item)) return item.map(scrub);
    if (item !== null && typeof item === 'object') {
      return Object.fromEntries(Object.entries(item).map(([name, inner]) => [scrubText(name), scrub(inner)]));
    }
    return item;
  };
  return scrub(value) as T;
}
