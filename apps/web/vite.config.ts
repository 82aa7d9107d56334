import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_ORIGIN = 'http://localhost:3000';

/** Paths the dev server hands to the API server; everything else is the single-page app. */
const PROXIED_PATHS = ['/api', '/deepspaceasset', '/healthz', '/dev', '/pay/sandbox'];

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: Object.fromEntries(PROXIED_PATHS.map((path) => [path, { target: API_ORIGIN, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each entry and page imports. scripts/web-bundle-report.mjs
    // reads it for the home page's initial JS; the server does not serve dist/.vite.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React, React DOM and the router change together and seldom: one chunk that every page
          // needs and that stays cached across deploys of the app's own code.
          groups: [{ name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ }],
        },
      },
    },
  },
});
