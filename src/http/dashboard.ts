/**
 * Serves the built dashboard (web/dist): index.html for every GET under a dashboard section, so deep
 * links survive a reload, and the hashed files under /assets/ with a year-long immutable cache. The
 * dashboard gets its own CSP: template previews show remote images, and CodeMirror adds <style>s.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { DASHBOARD_SECTIONS } from './dashboard-sections.ts';

const SECTIONS = new Set<string>(DASHBOARD_SECTIONS);

const DASHBOARD_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.map': 'application/json',
};

/** Asset names Vite writes: no slashes, no dot-dot, nothing that could leave the folder. */
const ASSET_NAME = /^[\w-]+(\.[\w-]+)*$/;

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Mailwright</title>
<p>The dashboard has not been built. Run <code>npm run build:web</code> (npm start does this when needed).</p>`;

/** The first segment of a request path (`/p/x/contacts` → `p`). */
function sectionOf(url: string): string {
  const pathname = url.split('?', 1)[0] ?? '';
  return pathname.split('/')[1] ?? '';
}

function isPageRequest(req: FastifyRequest): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && SECTIONS.has(sectionOf(req.url));
}

/**
 * Installs the dashboard on the app. Called before the route plugins, so its onRequest hook sees
 * every request, including those that would otherwise be a 404.
 */
export async function installDashboard(app: FastifyInstance, config: Pick<Config, 'webDistDir'>): Promise<void> {
  const dir = config.webDistDir;
  // Read once: index.html is small and changes only with a new build (and a restart).
  const index = await readFile(path.join(dir, 'index.html'), 'utf8').catch(() => NOT_BUILT);

  app.addHook('onRequest', async (req, reply) => {
    if (!isPageRequest(req)) return;
    return reply
      .header('content-security-policy', DASHBOARD_CSP)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(index);
  });

  app.get<{ Params: { file: string } }>('/assets/:file', { schema: { hide: true } }, async (req, reply) =>
    sendAsset(reply, dir, req.params.file),
  );
}

async function sendAsset(reply: FastifyReply, dir: string, file: string): Promise<FastifyReply> {
  const type = TYPES[path.extname(file)];
  const full = path.join(dir, 'assets', file);
  const found = ASSET_NAME.test(file) && type ? await stat(full).catch(() => undefined) : undefined;
  if (!found?.isFile()) {
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  }
  // Vite puts a content hash in every asset name: a name never changes meaning.
  return reply
    .header('cache-control', 'public, max-age=31536000, immutable')
    .type(type!)
    .send(await readFile(full));
}
