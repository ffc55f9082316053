import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// During `npm run dev` the backend (uvicorn on :8000) serves the API and the markdown docs;
// Vite only serves the app, so both are proxied to keep same-origin URLs identical to production.
const BACKEND = 'http://127.0.0.1:8000';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': BACKEND,
      '^/docs/.*\\.md$': BACKEND,
    },
  },
  build: {
    outDir: 'dist',
    // MUI + markdown make one large vendor chunk; split it so the app code caches separately.
    rollupOptions: {
      output: {
        manualChunks: {
          react: ['react', 'react-dom', 'react-router'],
          mui: ['@mui/material', '@emotion/react', '@emotion/styled'],
          markdown: ['react-markdown', 'remark-gfm', 'rehype-sanitize'],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
    css: false,
    // `make test` runs these beside the backend suite on a machine of two cores: a render that
    // takes 200 ms alone can take seconds there. Behaviour is under test here, not speed.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
