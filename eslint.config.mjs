// One lint configuration for every package (typescript-eslint's syntax rules, so `npm run lint`
// stays fast). Layout is Prettier's job (`.prettierrc.json`, `npm run format`); ESLint checks what a
// formatter cannot: unsafe types, dead code, suspicious comparisons, and function and line length.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
    {
        ignores: [
            '**/node_modules/**',
            '**/dist/**',
            '**/generated/**',
            '**/out/**',
            '**/assets/**',
            '.bench-out/**',
            'data/**',
            'packages/vscode-ext/.vscode-test/**',
        ],
    },
    js.configs.recommended,
    ...tseslint.configs.recommended,
    {
        languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
        rules: {
            '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
            'no-constant-condition': ['error', { checkLoops: false }],
            // Prettier wraps code at 140; strings, URLs and regular expressions may run longer.
            'max-len': [
                'error',
                { code: 160, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreUrls: true },
            ],
            eqeqeq: ['error', 'always', { null: 'ignore' }],
        },
    },
    {
        // Source files: small functions.
        files: ['packages/*/src/**/*.ts'],
        rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
    },
    {
        // Tests read parsed JSON freely and assert with chai's property style (`expect(x).to.be.true`).
        files: ['packages/*/test/**/*.ts', '**/*.mjs'],
        rules: {
            '@typescript-eslint/no-explicit-any': 'off',
            '@typescript-eslint/no-unused-expressions': 'off',
            'preserve-caught-error': 'off',
        },
    },
    {
        // Code that runs in a page: the panel's client, and the functions that tests and benchmarks
        // hand to the browser.
        files: ['packages/panel-client/src/**/*.ts', 'bench/**/*.mjs', 'packages/*/test/**/*.mjs', 'packages/*/test/**/*.ts'],
        languageOptions: { globals: { ...globals.browser, ...globals.node } },
    },
);
