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
    // Pages talk to the background only: the HTTP client, zod schemas and the key stay out of them.
    files: ['entrypoints/popup/**', 'entrypoints/options/**', 'components/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'wxt/browser', message: 'Pages use lib/page-browser (native API, no polyfill).' }],
          patterns: [
            {
              group: ['**/lib/api/client*', '**/lib/api/schemas*', '**/lib/api/http*'],
              message: 'Pages use lib/messaging.',
            },
            {
              group: ['**/lib/messaging/schemas*', '**/entrypoints/background/**'],
              message: 'Background only.',
            },
            {
              group: ['**/lib/api/error-messages*'],
              message:
                'The background phrases errors; its default sentences would all land in the page bundle.',
            },
            { group: ['zod', 'zod/*'], message: 'zod stays in the background.' },
          ],
        },
      ],
    },
  },
);
