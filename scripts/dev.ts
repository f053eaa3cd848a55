/**
 * `npm run dev`: the API (restarted on change by tsx watch) on PORT (3000) and Vite's dev server on
 * 5173 in front of it, with hot reload for the dashboard. Open http://localhost:5173.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = process.env.PORT ?? '3000';

const apiProcess = spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/main.ts', 'serve'], {
  cwd: root,
  stdio: 'inherit',
  // Links in mail (verification, invites) should open the dev server's pages.
  env: { ...process.env, PORT: port, BASE_URL: process.env.BASE_URL ?? 'http://localhost:5173' },
});

process.env.MAILWRIGHT_API_URL ??= `http://localhost:${port}`;
const vite = await createServer({ configFile: path.join(root, 'web/vite.config.ts') });
await vite.listen();
vite.printUrls();

const stop = async () => {
  apiProcess.kill('SIGTERM');
  await vite.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
