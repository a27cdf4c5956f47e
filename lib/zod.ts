// zod/mini for the background, with zod's own messages in the browser's language (German or English).
// Pages never import it (eslint.config.js).
import * as z from 'zod/mini';
import { de, en } from 'zod/locales';
import { browser } from './page-browser';

const german = de().localeError;
const english = en().localeError;

z.config({
  localeError: (issue) => (browser.i18n.getUILanguage().startsWith('de') ? german : english)(issue),
});

export { z };
