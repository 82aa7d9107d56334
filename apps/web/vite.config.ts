import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const API_ORIGIN = 'http://localhost:3000';

/** Paths the dev server hands to the API server; everything else is the single-page app. */
const PROXIED_PATHS = ['/api', '/deepspaceasset', '/healthz', '/dev', '/pay/sandbox', '/preview'];

/** Files worth compressing: text, and big enough for the saving to beat a second file. */
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;
const MIN_BYTES = 1024;

/**
 * Writes a .br and a .gz beside every text asset of the build, once, at build time: the server
 * (@fastify/static with preCompressed) sends the one the browser accepts, so the embedded default
 * ships compressed JS without compressing on every request and without a proxy in front.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'tianma-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const entry of fs.readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        const bytes = fs.readFileSync(file);
        if (bytes.length < MIN_BYTES) continue;
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  server: {
    proxy: Object.fromEntries(PROXIED_PATHS.map((path) => [path, { target: API_ORIGIN, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each entry and page imports. scripts/web-bundle-report.mjs
    // reads it for the home page's initial JS; the server does not serve dist/.vite.
    manifest: true,
    modulePreload: {
      // The operator console (pages/admin: ECharts and its own chunks) is for a handful of people:
      // its chunks load when it opens instead of being named in the entry for every visitor.
      resolveDependencies: (filename, deps) => (/(^|\/)AdminPage-/.test(filename) ? [] : deps),
    },
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
