// The tests of phpRank 1.5.0, in its order, each giving a plausible value and, when it fails, the
// errors phpRank gives (notes/results-shape.md). Empty PHP arrays encode as `[]`, even where a
// filled one is an object: phpRank's answers do that too.
import { pick, randomInt } from '../random';
import type { Importance, TestResult } from '../types';
import { chance, hex, some, type Page } from './page';

type Outcome = Omit<TestResult, 'importance'>;

interface Check {
  name: string;
  importance: Importance;
  run(page: Page): Outcome;
}

const pass = (value: unknown): Outcome => ({ passed: true, value });
const fail = (value: unknown, errors: Record<string, unknown>): Outcome => ({ passed: false, value, errors });

const TAGLINE = 'the best deals, free shipping and friendly support for everything you need, every day';
const SUBHEADINGS = [
  'Features',
  'How it works',
  'Pricing plans',
  'What our customers say',
  'Frequently asked questions',
  'Get in touch',
  'Related articles',
  'Latest news',
];
const INTERNAL_PATHS = [
  '/',
  '/about',
  '/pricing',
  '/blog',
  '/contact',
  '/docs',
  '/careers',
  '/privacy',
  '/terms',
];
const EXTERNAL_LINKS = [
  'https://twitter.com/example',
  'https://github.com/example',
  'https://www.linkedin.com/company/example',
  'https://www.youtube.com/@example',
  'https://www.facebook.com/example',
  'https://en.wikipedia.org/wiki/Search_engine_optimization',
];
const IMAGES = ['hero', 'team', 'product-1', 'product-2', 'logo', 'banner', 'photo', 'screenshot'];
const SERVERS = [
  'Apache/2.4.41 (Ubuntu)',
  'nginx/1.18.0 (Ubuntu)',
  'Apache/2.4.57 (Debian)',
  'Microsoft-IIS/10.0',
];
const INLINE_STYLES = [
  '<div style="display:none">',
  '<p style="color: #333; margin-top: 0">',
  '<span style="font-weight:bold">',
  '<td style="text-align: center">',
];

const images = (page: Page, min: number, max: number) =>
  some(page, IMAGES, min, max).map(
    (name) => `${page.origin}/images/${name}.${pick(page.random, ['jpg', 'png'])}`,
  );
const scripts = (page: Page, count: number) =>
  Array.from({ length: count }, (_, i) =>
    i === 0
      ? 'https://www.googletagmanager.com/gtag/js?id=G-DEMO'
      : `${page.origin}/js/app.${hex(page, 8)}.js`,
  );
const keywords = (page: Page) =>
  [...new Set(`${page.name} ${page.site}`.toLowerCase().split(/[^\p{L}\p{N}]+/u))].filter(
    (word) => word.length >= 3,
  );

export const CHECKS: readonly Check[] = [
  // SEO
  {
    name: 'title',
    importance: 'high',
    run(page) {
      const title = `${page.name} – ${page.site}`.slice(0, 60);
      if (chance(page, 0.25, 0.99)) return pass(title);
      return page.random() < 0.5
        ? fail(null, { missing: null })
        : fail(`${title} | ${TAGLINE}`, { length: { min: 1, max: 60 } });
    },
  },
  {
    name: 'meta_description',
    importance: 'high',
    run(page) {
      const description = `${page.name} at ${page.site}: ${TAGLINE}.`;
      if (chance(page, 0.2, 0.98)) return pass(description.slice(0, 160));
      return page.random() < 0.6
        ? fail(null, { missing: null })
        : fail(`${description} ${description}`, { length: { min: 1, max: 160 } });
    },
  },
  {
    name: 'headings',
    importance: 'high',
    run(page) {
      const h2 = some(page, SUBHEADINGS, 2, 5);
      if (chance(page, 0.3, 0.98)) return pass({ h1: [page.name], h2 });
      const roll = page.random();
      if (roll < 0.4) return fail({ h2 }, { missing: null });
      if (roll < 0.7) return fail({ h1: [page.name, `Welcome to ${page.site}`], h2 }, { too_many: null });
      return fail({ h1: [page.name], h2: [...h2, h2[0]] }, { duplicate: null });
    },
  },
  {
    name: 'content_keywords',
    importance: 'high',
    run(page) {
      const wanted = keywords(page);
      if (chance(page, 0.2, 0.97)) return pass(wanted);
      const missing = some(page, wanted, 1, wanted.length);
      return fail(
        wanted.filter((word) => !missing.includes(word)),
        { missing },
      );
    },
  },
  {
    name: 'image_keywords',
    importance: 'high',
    run(page) {
      return chance(page, 0.15, 0.95) ? pass(null) : fail(null, { missing: images(page, 1, 4) });
    },
  },
  {
    name: 'seo_friendly_url',
    importance: 'high',
    run(page) {
      // Query strings, underscores, encoded characters and spaces are not "friendly".
      return /[?=_%,\s]/.test(page.rest) ? fail(page.address, { bad_format: null }) : pass(page.address);
    },
  },
  {
    name: '404_page',
    importance: 'high',
    run(page) {
      const probe = `${page.origin}/404-test-${hex(page, 13)}`;
      return chance(page, 0.3, 0.98) ? pass(probe) : fail(probe, { missing: null });
    },
  },
  {
    name: 'robots',
    importance: 'high',
    run(page) {
      return chance(page, 0.7, 1) ? pass(null) : fail(null, { failed: null });
    },
  },
  {
    name: 'noindex',
    importance: 'high',
    run(page) {
      return chance(page, 0.75, 1) ? pass(null) : fail('noindex, nofollow', { missing: null });
    },
  },
  {
    name: 'in_page_links',
    importance: 'medium',
    run(page) {
      const tooMany = !chance(page, 0.75, 0.99);
      const internal = INTERNAL_PATHS.map((path) => ({
        url: page.origin + path,
        text: path === '/' ? 'Home' : path.slice(1).replace(/^./, (c) => c.toUpperCase()),
      }));
      if (tooMany) {
        // An archive page that links to every one of its pages.
        const count = randomInt(page.random, 150, 190);
        for (let i = 2; internal.length < count; i++)
          internal.push({ url: `${page.origin}/blog/page/${i}`, text: String(i) });
      }
      const value = {
        Internals: internal,
        Externals: some(page, EXTERNAL_LINKS, 0, 4).map((url) => ({ url, text: new URL(url).hostname })),
      };
      return tooMany ? fail(value, { too_many: { max: 150 } }) : pass(value);
    },
  },
  {
    name: 'language',
    importance: 'medium',
    run(page) {
      return chance(page, 0.5, 1) ? pass(page.language) : fail(null, { missing: null });
    },
  },
  {
    name: 'favicon',
    importance: 'medium',
    run(page) {
      return chance(page, 0.5, 1) ? pass(`${page.origin}/favicon.ico`) : fail(null, { missing: null });
    },
  },
  // Performance
  {
    name: 'text_compression',
    importance: 'high',
    run(page) {
      const size = randomInt(page.random, 18_000, 160_000);
      return chance(page, 0.2, 0.98) ? pass(Math.round(size * 0.22)) : fail(size, { missing: null });
    },
  },
  {
    name: 'load_time',
    importance: 'high',
    run(page) {
      const seconds = (min: number, max: number) =>
        Math.round((min + page.random() * (max - min)) * 100) / 100;
      return chance(page, 0.2, 0.97)
        ? pass(seconds(0.18, 1.95))
        : fail(seconds(2.05, 9.4), { too_slow: { max: 2 } });
    },
  },
  {
    name: 'page_size',
    importance: 'high',
    run(page) {
      return chance(page, 0.3, 0.98)
        ? pass(randomInt(page.random, 42_000, 329_000))
        : fail(randomInt(page.random, 330_001, 2_400_000), { too_large: { max: 330000 } });
    },
  },
  {
    name: 'http_requests',
    importance: 'high',
    run(page) {
      const ok = chance(page, 0.25, 0.97);
      const total = ok ? randomInt(page.random, 8, 50) : randomInt(page.random, 51, 110);
      const js = Math.max(1, Math.round(total * 0.35));
      const css = Math.max(1, Math.round(total * 0.1));
      const iframes = page.random() < 0.2 ? ['https://www.youtube.com/embed/dQw4w9WgXcQ'] : [];
      const imageCount = total - js - css - iframes.length;
      const value = {
        JavaScripts: scripts(page, js),
        CSS: Array.from({ length: css }, (_, i) => `${page.origin}/css/${i === 0 ? 'app' : `part-${i}`}.css`),
        Images: Array.from({ length: imageCount }, (_, i) => `${page.origin}/images/img-${i + 1}.jpg`),
        Audios: [],
        Videos: [],
        Iframes: iframes,
      };
      return ok ? pass(value) : fail(value, { too_many: { max: 50 } });
    },
  },
  {
    name: 'image_format',
    importance: 'medium',
    run(page) {
      return chance(page, 0.2, 0.95) ? pass(null) : fail(null, { bad_format: images(page, 1, 6) });
    },
  },
  {
    name: 'defer_javascript',
    importance: 'low',
    run(page) {
      return chance(page, 0.3, 0.9)
        ? pass(null)
        : fail(null, { missing: scripts(page, randomInt(page.random, 1, 4)) });
    },
  },
  {
    name: 'dom_size',
    importance: 'low',
    run(page) {
      return chance(page, 0.5, 0.98)
        ? pass(randomInt(page.random, 180, 1500))
        : fail(randomInt(page.random, 1501, 4200), { too_many: { max: 1500 } });
    },
  },
  // Security
  {
    name: 'https_encryption',
    importance: 'high',
    run(page) {
      return page.https ? pass('https') : fail('http', { missing: null });
    },
  },
  {
    name: 'mixed_content',
    importance: 'high',
    run(page) {
      // Only an https page can load something over http.
      if (!page.https || chance(page, 0.7, 1)) return pass(null);
      return fail(null, { failed: images(page, 1, 3).map((url) => url.replace(/^https:/, 'http:')) });
    },
  },
  {
    name: 'server_signature',
    importance: 'medium',
    run(page) {
      return chance(page, 0.3, 0.95) ? pass(null) : fail(pick(page.random, SERVERS), { failed: null });
    },
  },
  {
    name: 'unsafe_cross_origin_links',
    importance: 'medium',
    run(page) {
      return chance(page, 0.4, 0.97) ? pass(null) : fail(null, { failed: some(page, EXTERNAL_LINKS, 1, 3) });
    },
  },
  {
    name: 'plaintext_email',
    importance: 'low',
    run(page) {
      const addresses = some(page, ['info', 'contact', 'sales', 'support'], 1, 2).map(
        (box) => `${box}@${page.host}`,
      );
      return chance(page, 0.5, 0.95) ? pass(null) : fail(null, { failed: addresses });
    },
  },
  // Miscellaneous
  {
    name: 'structured_data',
    importance: 'medium',
    run(page) {
      if (!chance(page, 0.3, 0.95)) return fail([], { missing: null });
      const title = `${page.name} – ${page.site}`;
      return pass({
        'Open Graph': {
          'og:title': title,
          'og:type': 'website',
          'og:url': page.address,
          'og:image': `${page.origin}/images/og.png`,
        },
        Twitter: { 'twitter:card': 'summary_large_image', 'twitter:title': title },
        'Schema.org': { '@context': 'https://schema.org', '@type': 'WebPage', name: title },
      });
    },
  },
  {
    name: 'meta_viewport',
    importance: 'medium',
    run(page) {
      return chance(page, 0.7, 1)
        ? pass('width=device-width, initial-scale=1')
        : fail(null, { missing: null });
    },
  },
  {
    name: 'charset',
    importance: 'medium',
    run(page) {
      return chance(page, 0.8, 1) ? pass('utf-8') : fail(null, { missing: null });
    },
  },
  {
    name: 'sitemap',
    importance: 'low',
    run(page) {
      const sitemap = `${page.origin}/sitemap.xml`;
      if (chance(page, 0.4, 0.95)) return pass([sitemap]);
      return page.random() < 0.5 ? fail([], { missing: null }) : fail([sitemap], { failed: null });
    },
  },
  {
    name: 'social',
    importance: 'low',
    run(page) {
      if (!chance(page, 0.3, 0.95)) return fail([], { missing: null });
      const slug = page.site.toLowerCase().replace(/[^a-z\d]+/g, '');
      return pass({
        facebook: [`https://www.facebook.com/${slug}`],
        twitter: [`https://twitter.com/${slug}`],
        ...(page.random() < 0.5 ? { instagram: [`https://www.instagram.com/${slug}`] } : {}),
      });
    },
  },
  {
    name: 'content_length',
    importance: 'low',
    run(page) {
      return chance(page, 0.4, 0.95)
        ? pass(randomInt(page.random, 500, 3200))
        : fail(randomInt(page.random, 40, 499), { too_few: { min: 500 } });
    },
  },
  {
    name: 'text_html_ratio',
    importance: 'low',
    run(page) {
      const percent = (min: number, max: number) => Math.round((min + page.random() * (max - min)) * 10) / 10;
      return chance(page, 0.4, 0.95)
        ? pass(percent(10, 45))
        : fail(percent(1.2, 9.9), { too_small: { min: 10 } });
    },
  },
  {
    name: 'inline_css',
    importance: 'low',
    run(page) {
      return chance(page, 0.3, 0.9) ? pass(null) : fail(null, { failed: some(page, INLINE_STYLES, 1, 4) });
    },
  },
  {
    name: 'deprecated_html_tags',
    importance: 'low',
    run(page) {
      if (chance(page, 0.6, 0.99)) return pass(null);
      const tags = some(page, ['font', 'center', 'marquee', 'big', 'tt'], 1, 3);
      return fail(null, {
        bad_tags: Object.fromEntries(tags.map((tag) => [tag, randomInt(page.random, 1, 6)])),
      });
    },
  },
];
