// What the checks know about a page. The real service downloads it; here its facts come from the
// address and a seeded generator, so the same (id, address, generation) always gives the same page.
import { hashString, pick, randomInt, seededRandom } from '../random';

export interface Page {
  /** As fetched, with scheme: `https://www.example.com/pricing`. */
  address: string;
  /** `https://www.example.com` */
  origin: string;
  /** Without `www.` and port: `example.com`. */
  host: string;
  https: boolean;
  /** The part after the origin: `/pricing?x=1`. */
  rest: string;
  /** A human name for the page and the site: `Pricing`, `Example`. */
  name: string;
  site: string;
  language: string;
  /**
   * 0 (a neglected page) to 1 (a polished one). One per run, so a page's checks go together; skewed
   * low, so that about a fifth of the reports are bad and a fifth good, the rest decent.
   */
  quality: number;
  /** When set, every chance() gives it: a regeneration decides which tests flip, the check writes the value. */
  verdict?: boolean;
  random: () => number;
}

export function describePage(id: number, address: string, generation: number): Page {
  const random = seededRandom(hashString(`${id}|${address}|${generation}`));
  const match = /^(?:([a-z][a-z\d+.-]*):\/\/)?([^/?#]*)(.*)$/i.exec(address.trim());
  const scheme = (match?.[1] ?? 'https').toLowerCase();
  const authority = match?.[2] ?? '';
  const rest = match?.[3] ?? '';
  const host = authority
    .slice(authority.lastIndexOf('@') + 1)
    .replace(/:\d*$/, '')
    .replace(/^www\./i, '');
  return {
    address,
    origin: `${scheme}://${authority}`,
    host,
    https: scheme === 'https',
    rest,
    name: pageName(rest),
    site: siteName(host),
    language: host.endsWith('.jp') ? 'ja' : host.endsWith('.de') ? 'de' : 'en',
    quality: random() ** 1.4,
    random,
  };
}

/** Whether the check passes: more likely the better the page. */
export function chance(page: Page, worst: number, best: number): boolean {
  if (page.verdict !== undefined) return page.verdict;
  return page.random() < worst + (best - worst) * page.quality;
}

export function some<T>(page: Page, items: readonly T[], min: number, max: number): T[] {
  const count = Math.min(items.length, randomInt(page.random, min, max));
  const pool = [...items];
  const chosen: T[] = [];
  while (chosen.length < count) chosen.push(pool.splice(Math.floor(page.random() * pool.length), 1)[0]!);
  return chosen;
}

export function hex(page: Page, length: number): string {
  let text = '';
  while (text.length < length) text += pick(page.random, [...'0123456789abcdef']);
  return text;
}

/** `/blog/hello-world?x` → `Hello World`; the root is `Home`. */
function pageName(rest: string): string {
  const path = rest.replace(/[?#].*$/, '');
  const segment = path.split('/').filter(Boolean).pop();
  if (segment === undefined) return 'Home';
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // Kept as written.
  }
  return words(decoded);
}

/** `client-a.example` → `Client A`; an IP address or `localhost` stays as it is. */
function siteName(host: string): string {
  if (/^[\d.]+$|^\[/.test(host) || !host.includes('.')) return host;
  return words(host.split('.')[0] ?? host);
}

function words(text: string): string {
  return text
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
