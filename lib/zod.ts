// zod for the background: `zod/mini`, whose checks are functions a bundler can leave out when unused.
// Pages never import this module (eslint.config.js): the stored items' schemas they share with the
// background use zod/mini without these messages. Where a schema gives no message of its own, zod's
// locale says what failed, in German when the browser speaks German and in English otherwise.
import * as z from 'zod/mini';
import { de, en } from 'zod/locales';
import { browser } from './page-browser';

const german = de().localeError;
const english = en().localeError;

z.config({
  localeError: (issue) => (browser.i18n.getUILanguage().startsWith('de') ? german : english)(issue),
});

export { z };
