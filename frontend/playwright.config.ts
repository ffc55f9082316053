import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// End-to-end tests run the real backend (fresh SQLite database, migrated on start) serving the
// built app (`npm run build` first), driven by the system Chromium: never `playwright install`.
// E2E_PORT lets two runs (two people on one machine) use their own server and data directory.
const PORT = Number(process.env.E2E_PORT ?? 8123);
const DATA = join(tmpdir(), PORT === 8123 ? 'slidewright-e2e-data' : `slidewright-e2e-data-${PORT}`);

if (!existsSync(new URL('./dist/index.html', import.meta.url))) {
  throw new Error('frontend/dist is missing: run `npm run build` before `npm run e2e`.');
}

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `cd ../backend && rm -rf ${DATA} && SLIDEWRIGHT_DATA_DIR=${DATA} uv run slidewright serve --host 127.0.0.1 --port ${PORT}`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
