// zod for the background: the tree-shakable `zod/mini` (the classic API pulls in every method of every
// schema, JSON Schema output included, whether used or not), with English messages as the classic API
// has them. Pages never import it (eslint.config.js): they get types only.
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

z.config(en());

export { z };
