import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));
const backend = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^@kickback\/contracts$/, replacement: here('../libs/contracts/src/index.ts') },
      // Deep imports (values such as DEFAULT_THEME) keep other features' schemas out of the bundle.
      { find: /^@kickback\/contracts\/(.*)$/, replacement: `${here('../libs/contracts/src')}/$1` },
    ],
  },
  build: {
    outDir: here('dist'),
    emptyOutDir: true,
    // bench/bundle-size.mjs reads the manifest to sum the initial JS of each entry.
    manifest: true,
    rolldownOptions: {
      input: { index: here('index.html'), admin: here('admin.html'), overlay: here('overlay.html') },
      // The contracts only declare (types, constants, zod schemas): a schema no page uses is dropped, and with it zod
      // from every chunk whose code uses none (module-level `z.object(...)` calls look like side effects otherwise).
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/libs/contracts/src/') },
    },
  },
  server: {
    proxy: {
      '/api': backend,
      '/socket.io': { target: backend, ws: true },
      '/login': backend,
      '/logout': backend,
      '/auth': backend,
      '/uploads': backend,
      '/admin-new': backend,
      '/overlay': backend,
    },
  },
});
