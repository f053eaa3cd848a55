/**
 * Builds the dashboard into web/dist (or WEB_DIST_DIR), which the server serves at `/`.
 * `npm run dev` runs this dev server in front of the API (scripts/dev.ts): API paths are proxied,
 * dashboard sections are served by Vite with hot reload.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { DASHBOARD_SECTIONS } from './src/app/sections.ts';

const root = path.dirname(fileURLToPath(import.meta.url));
const api = process.env.MAILWRIGHT_API_URL ?? 'http://localhost:3000';
const sections = new Set<string>(DASHBOARD_SECTIONS);

export default defineConfig({
  root,
  plugins: [react(), tailwindcss()],
  build: {
    outDir: process.env.WEB_DIST_DIR ?? path.join(root, 'dist'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
  },
  server: {
    port: 5173,
    proxy: {
      // Everything that is not a dashboard page or Vite's own file goes to the API. The API checks
      // Origin against BASE_URL on cookie writes: scripts/dev.ts sets BASE_URL to this server.
      '^/(?!@|src/|node_modules/|assets/).*': {
        target: api,
        changeOrigin: true,
        bypass: (req) => {
          const section = (req.url ?? '/').split('?')[0]!.split('/')[1] ?? '';
          return req.method === 'GET' && sections.has(section) ? '/index.html' : undefined;
        },
      },
    },
  },
});
