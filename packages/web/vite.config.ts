import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The browser bundle: one ES module entry, its lazily loaded chunks and one stylesheet, every file
 * named by its content hash, so that the server can let browsers keep them for a year and a page
 * never meets a file of another build under its name. scripts/build/web.mjs runs this into a
 * staging folder and publishes the result into dist/ with a manifest naming the current entry and
 * stylesheet, which the server's pages link at `/_storefront/`.
 */
export default defineConfig({
  root,
  base: '/_storefront/',
  plugins: [react()],
  publicDir: false,
  build: {
    // Not dist/ itself: a plain `vite build` must not empty the folder a running server serves.
    outDir: 'dist/.staging',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    cssCodeSplit: false,
    modulePreload: false,
    reportCompressedSize: false,
    rolldownOptions: {
      input: fileURLToPath(new URL('./src/main.tsx', import.meta.url)),
      output: {
        format: 'es',
        // The hash sits between dots, where no chunk or asset name puts one: easy to tell apart.
        entryFileNames: 'storefront.[hash].js',
        chunkFileNames: 'storefront-[name].[hash].js',
        assetFileNames: (asset) =>
          asset.names.some((n) => n.endsWith('.css'))
            ? 'storefront.[hash][extname]'
            : 'assets/[name].[hash][extname]',
      },
    },
  },
});
