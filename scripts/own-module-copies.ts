// Build step (wxt.config.ts): the side panel gets its own copies of every module it imports, the popup's
// views and model, preact and lib/ alike. WXT builds all pages in one Rollup build, and Rollup puts a
// module two entries import into a chunk of its own: the panel reusing the popup's files split the popup's
// start-up script into three (13.9 → 14.2 KB gzip). Marking each module reached from the panel with a
// query makes it another module to Rollup (Vite's loaders and transforms read the file without the query),
// so the popup's chunks stay byte for byte what they were and the panel's bundle holds the duplicates.
// CommonJS modules cannot be copied so (Rollup's commonjs plugin names its proxies after the file): the
// panel imports none.
import type { Plugin } from 'vite';

const MARK = 'own-copy';
const MARKED = new RegExp(`[?&]${MARK}$`);

const unmarked = (id: string) => id.replace(MARKED, '');
const marked = (id: string) => (MARKED.test(id) ? id : `${id}${id.includes('?') ? '&' : '?'}${MARK}`);

/** Every module imported from `entryDir` (the panel's folder), directly or not, is the panel's own copy. */
export function ownModuleCopies(entryDir: string): Plugin {
  const root = entryDir.replaceAll('\\', '/').replace(/\/?$/, '/');
  const inEntry = (id: string) => id.replaceAll('\\', '/').startsWith(root);
  return {
    name: 'page-reports:own-module-copies',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || (!MARKED.test(importer) && !inEntry(importer))) return null;
      const resolved = await this.resolve(source, unmarked(importer), { ...options, skipSelf: true });
      if (!resolved || resolved.external || inEntry(resolved.id)) return resolved;
      return { ...resolved, id: marked(resolved.id) };
    },
    // A virtual module (WXT's `virtual:wxt-html-plugins`, which every page loads) has no file to read: its
    // copy is what its own plugin makes of it. Files load as usual (Vite reads them without the query).
    async load(id) {
      if (!id.startsWith('\0') || !MARKED.test(id)) return null;
      const original = await this.load({ id: unmarked(id) });
      return original.code;
    },
  };
}
