import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The browser bundle: one ES module `dist/storefront.js` and one stylesheet `dist/storefront.css`,
 * fixed names (the server's page headers and footers link them at `/_storefront/`).
 */
export default defineConfig({
  root,
  base: '/_storefront/',
  plugins: [react()],
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    cssCodeSplit: false,
    modulePreload: false,
    reportCompressedSize: true,
    rolldownOptions: {
      input: fileURLToPath(new URL('./src/main.tsx', import.meta.url)),
      output: {
        format: 'es',
        entryFileNames: 'storefront.js',
        // Hashed, so that the server can let browsers keep them for a year (static.ts).
        chunkFileNames: 'storefront-[name]-[hash].js',
        assetFileNames: (asset) =>
          asset.names.some((n) => n.endsWith('.css')) ? 'storefront.css' : 'assets/[name][extname]',
      },
    },
  },
});
