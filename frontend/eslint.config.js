import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The layers of src/: app composes the features; a feature reaches another only through its
// index.ts; components, hooks, lib, types and config know nothing of the features or the app.
const deepFeatureImport = {
  regex: '^@/features/[^/]+/',
  message:
    "Import another feature through its index.ts ('@/features/<name>'), or move what is shared down to components/, hooks/, lib/ or types/.",
};
const featureOutsideTests = {
  ...deepFeatureImport,
  regex: '^@/features/[^/]+/(?!testing/)',
};
const features = readdirSync(new URL('src/features', import.meta.url));
const relativeOutOfFeature = {
  regex: `^(\\.\\./)+(${features.join('|')})/`,
  message: "Leave a feature's folder through an '@/' import, not a relative path.",
};
const upwardImport = {
  regex: '^@/(app|features|admin)(/|$)',
  message: 'Shared code does not depend on the app, on a feature or on the back office.',
};
// The back office (src/admin) is its own chunk: the shop reaches it only through the lazy route
// of src/app/routes.tsx, and it uses the shared layers and the app's skip link and page
// announcer, never the shop's features or store.
const shopImportsAdmin = {
  regex: '^@/admin(/|$)',
  message:
    'The back office loads only under /admin (src/app/routes.tsx): the shop does not import it.',
};
const adminImportsShop = {
  regex: '^@/(features|app)/(?!layout/(SkipLink|RouteAnnouncer)$)',
  message: "The back office uses the shared layers, not the shop's features, store or layout.",
};
// The app shell reaches into a feature only for a page (src/app/routes.tsx) or a part of the
// header and footer; everything else goes through the feature's index.ts.
const appFeatureImport = {
  ...deepFeatureImport,
  regex:
    '^@/features/[^/]+/(?!components/(\\w+Page|AccountMenu|CartLink|CurrencySelect|SearchField|CookieConsentBanner|CookieSettingsDialog)$)',
  message:
    "The app imports a feature's pages and header parts from components/, anything else through its index.ts ('@/features/<name>').",
};
const restrictImports = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

export default defineConfig([
  globalIgnores(['dist', 'coverage', 'playwright-report', 'test-results']),
  {
    files: ['**/*.{ts,tsx}'],
    extends: [
      js.configs.recommended,
      tseslint.configs.strictTypeChecked,
      tseslint.configs.stylisticTypeChecked,
      reactHooks.configs.flat.recommended,
      reactRefresh.configs.vite,
    ],
    languageOptions: {
      globals: globals.browser,
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
    },
  },
  {
    files: ['src/**/*.test.{ts,tsx}', 'src/test/**'],
    rules: {
      // Test helpers export components and functions side by side.
      'react-refresh/only-export-components': 'off',
    },
  },
  {
    files: ['src/features/**'],
    rules: restrictImports(deepFeatureImport, relativeOutOfFeature, shopImportsAdmin),
  },
  {
    files: ['src/admin/**'],
    rules: restrictImports(adminImportsShop),
  },
  {
    // A test may start the fake servers and fixtures another feature publishes for testing.
    files: ['src/features/**/*.test.{ts,tsx}', 'src/features/*/testing/**'],
    rules: restrictImports(featureOutsideTests, relativeOutOfFeature, shopImportsAdmin),
  },
  {
    files: ['src/app/**'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/app/routes.tsx'],
    rules: restrictImports(appFeatureImport, shopImportsAdmin),
  },
  {
    files: ['src/app/routes.tsx'],
    rules: restrictImports(appFeatureImport),
  },
  {
    files: ['src/{components,hooks,lib,types,config}/**'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: restrictImports(upwardImport),
  },
  {
    files: ['*.{js,mjs}', 'scripts/**/*.mjs'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
  prettier,
]);
