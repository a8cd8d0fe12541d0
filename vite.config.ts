import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { contractForBrowser } from './scripts/contract-for-browser.ts';
import { compileCatalogue } from './src/common/compile-catalogue.ts';

const fromRoot = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** The message catalogues' ICU texts, compiled at build time: the browser gets no message parser (decision 059). */
const compiledCatalogues = (): Plugin => ({
  name: 'compile-catalogues',
  enforce: 'pre',
  transform(code, id) {
    if (!/\/common\/catalogues\/.+\.json$/.test(id)) return null;
    return { code: JSON.stringify(compileCatalogue(JSON.parse(code))), map: null };
  },
});

export default defineConfig({
  root: fromRoot('./src/client'),
  publicDir: fromRoot('./src/client/public'),
  plugins: [contractForBrowser(), compiledCatalogues(), react(), tailwindcss()],
  // The manifest lets scripts/check-bundle.ts measure what the entry loads (front-end budget).
  build: {
    outDir: fromRoot('./dist/client'),
    emptyOutDir: true,
    manifest: true,
    // Everything the entry needs in one file: on a slow network each extra file costs a new connection's
    // round trip before the first paint (lazy pages still split off and import from it).
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } } },
  },
});
