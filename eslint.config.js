import tseslint from 'typescript-eslint';

const noHtmlInjection = [
  { selector: "MemberExpression[property.name='innerHTML']", message: 'Never render HTML: use text.' },
  { selector: "MemberExpression[property.name='outerHTML']", message: 'Never render HTML: use text.' },
  { selector: "CallExpression[callee.property.name='insertAdjacentHTML']", message: 'Never render HTML.' },
  { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Never render HTML: use text.' },
];

export default tseslint.config(
  { ignores: ['.output/**', '.wxt/**', 'node_modules/**', 'test-results/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      'no-restricted-syntax': ['error', ...noHtmlInjection],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Pages talk to the background only: the HTTP client, the message schemas and the key stay out of them.
    // What they read from storage they check with zod/mini through lib/'s readers, whose schemas the
    // background that writes those items shares; a schema of their own, or zod's en/de messages
    // (lib/zod.ts, for the service's answers), has no place in a page.
    files: ['entrypoints/popup/**', 'entrypoints/options/**', 'entrypoints/sidepanel/**', 'components/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'wxt/browser', message: 'Pages use lib/page-browser (native API, no polyfill).' }],
          patterns: [
            {
              // The HTTP client, response schemas and everything else the worker runs.
              group: ['**/entrypoints/background/**', '@/entrypoints/background/**'],
              message: 'Background only: pages use lib/messaging.',
            },
            {
              // The message schemas: pages take their types (import type), never the schemas.
              group: ['**/lib/messaging/inputs*'],
              allowTypeImports: true,
              message: 'zod stays in the background: import the types only (import type).',
            },
            {
              group: ['zod', 'zod/*', '**/lib/zod*'],
              message:
                "Stored items' schemas live in lib/ with their readers; the rest of zod stays in the background.",
            },
          ],
        },
      ],
    },
  },
);
