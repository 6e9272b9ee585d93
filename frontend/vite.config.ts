/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// One id per build: compiled into the bundle and published as latest-build.json, so a running
// client can tell that a newer build has been deployed and reload itself. The build's manifest,
// build/<id>.json, lists its entry files; the client reloads only once it is served, i.e. once the
// new build is there in full.
const buildId = process.env.ARTSHOP_BUILD_ID ?? Date.now().toString(36);
const builtAt = new Date().toISOString();

function latestBuildManifest(): Plugin {
  return {
    name: 'artshop-latest-build-manifest',
    apply: 'build',
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).flatMap((file) =>
        file.type === 'chunk' && file.isEntry
          ? [file.fileName, ...(file.viteMetadata?.importedCss ?? [])]
          : [],
      );
      this.emitFile({
        type: 'asset',
        fileName: `build/${buildId}.json`,
        source: `${JSON.stringify({ buildId, builtAt, entry })}\n`,
      });
      this.emitFile({
        type: 'asset',
        fileName: 'latest-build.json',
        source: `${JSON.stringify({ buildId, builtAt })}\n`,
      });
    },
  };
}

// The first screen's styles (components/theme/base.css and what the entry imports) are written into
// index.html itself: as a stylesheet they would hold the first paint back by one more request, over
// a slow phone network about a second. The file stays in the build, as its manifest lists it.
function inlineEntryStyles(): Plugin {
  return {
    name: 'artshop-inline-entry-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        return html.replace(
          /<link rel="stylesheet"[^>]*? href="\/(assets\/[\w.-]+\.css)">/g,
          (link, fileName: string) => {
            const stylesheet = bundle?.[fileName];
            return stylesheet?.type === 'asset'
              ? `<style>${String(stylesheet.source)}</style>`
              : link;
          },
        );
      },
    },
  };
}

// Every chunk that holds a module of the back office (src/admin/) is named admin-*.js, so that
// scripts/bundle-size.mjs can tell from the file names alone whether any of it reached the shop's
// first script. A shopper never needs it: it loads under /admin only (src/app/routes.tsx).
const backOfficeModule = /[\\/]src[\\/]admin[\\/]/;
function chunkFileName(chunk: { moduleIds: string[] }): string {
  return chunk.moduleIds.some((id) => backOfficeModule.test(id))
    ? 'assets/admin-[name]-[hash].js'
    : 'assets/[name]-[hash].js';
}

// The C++ server answers /api and /media; in development Vite forwards them to it.
const devApiTarget = process.env.ARTSHOP_DEV_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), latestBuildManifest(), inlineEntryStyles()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  define: {
    __BUILD_ID__: JSON.stringify(buildId),
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    // No data: URIs for fonts or scripts: everything is a hashed file the CSP allows as 'self'.
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: { entryFileNames: chunkFileName, chunkFileNames: chunkFileName },
    },
  },
  // `vite preview` answers with the production server's policy (DESIGN.md section 2), so that a
  // preview shows CSP violations before the C++ server does.
  preview: {
    headers: {
      'Content-Security-Policy':
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
        "img-src 'self' data: blob:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    },
  },
  server: {
    proxy: {
      '/api': { target: devApiTarget, changeOrigin: false },
      '/media': { target: devApiTarget, changeOrigin: false },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    unstubGlobals: true,
    // Whole-app renders import each page's chunk on first use; generous on a small CI machine.
    testTimeout: 20_000,
  },
});
