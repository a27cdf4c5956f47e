// Build step (wxt.config.ts, hook build:done): each page's stylesheets go into its HTML as <style>
// elements. A <link rel="stylesheet"> holds the first paint until its file is read, so the options page's
// header (already in the HTML) waited for it; inline, it paints as soon as the HTML is parsed, while the
// module script still loads (docs/performance.md has the figures). The CSP restricts scripts, not styles.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const STYLESHEET = /<link rel="stylesheet"(?: crossorigin)? href="\/?([^"]+\.css)">/g;

/** Replaces each stylesheet link of `page` (in `outDir`) by the file's content; returns the files inlined. */
export async function inlinePageCss(outDir: string, page: string): Promise<string[]> {
  const path = join(outDir, page);
  const html = await readFile(path, 'utf8');
  const files = [...html.matchAll(STYLESHEET)].map((match) => match[1]!);
  if (files.length === 0) return [];
  const styles = new Map<string, string>();
  for (const file of files) styles.set(file, await readFile(join(outDir, file), 'utf8'));
  // A stylesheet cannot close the element it is inlined in: "</style" never occurs in our CSS, but check.
  for (const [file, css] of styles) {
    if (/<\/style/i.test(css)) throw new Error(`${file} cannot be inlined: it contains "</style"`);
  }
  const inlined = html.replace(STYLESHEET, (_, file: string) => `<style>${styles.get(file)!.trim()}</style>`);
  await writeFile(path, inlined);
  return files;
}
