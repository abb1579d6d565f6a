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
      // The back office (/config) and the passkey buttons of the sign-in and account pages are
      // entries of their own: storefront pages never load them.
      input: {
        storefront: fileURLToPath(new URL('./src/main.tsx', import.meta.url)),
        config: fileURLToPath(new URL('./src/config/main.tsx', import.meta.url)),
        passkey: fileURLToPath(new URL('./src/passkey.ts', import.meta.url)),
      },
      output: {
        format: 'es',
        // The hash sits between dots, where no chunk or asset name puts one: easy to tell apart.
        entryFileNames: (chunk) =>
          chunk.name === 'config' || chunk.name === 'passkey'
            ? `${chunk.name}.[hash].js`
            : 'storefront.[hash].js',
        chunkFileNames: 'storefront-[name].[hash].js',
        assetFileNames: (asset) =>
          asset.names.some((n) => n.endsWith('.css'))
            ? 'storefront.[hash][extname]'
            : 'assets/[name].[hash][extname]',
      },
    },
  },
});
