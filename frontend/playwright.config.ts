import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { AI_PORT, FAKE_MODEL_PORT, OIDC_ISSUER, OIDC_PORT, PORT, SSO_PORT } from './e2e/servers';

// End-to-end tests run the real backend (fresh SQLite database, migrated on start) serving the
// built app (`npm run build` first), driven by the system Chromium: never `playwright install`.
// E2E_PORT lets two runs (two people on one machine) use their own servers and data directories.
const DATA = join(tmpdir(), PORT === 8123 ? 'slidewright-e2e-data' : `slidewright-e2e-data-${PORT}`);
const AI_DATA = `${DATA}-ai`;
const SSO_DATA = `${DATA}-sso`;
// The people of the mock OpenID provider (chat-sso.spec.ts signs in as them).
const CHAT_PEOPLE = [
  { sub: 'chat-en', email: 'chat-en@example.com', email_verified: true, name: 'Ada Chat' },
  { sub: 'chat-zh', email: 'chat-zh@example.com', email_verified: true, name: '张伟' },
];

// SLIDEWRIGHT_FRONTEND_DIST (read by the backend too) points at another build, e.g. one per person.
const DIST = process.env.SLIDEWRIGHT_FRONTEND_DIST ?? new URL('./dist', import.meta.url).pathname;
if (!existsSync(join(DIST, 'index.html'))) {
  throw new Error(`${DIST} is missing: run \`npm run build\` before \`npm run e2e\`.`);
}

// Debian's headless shell, the build Playwright itself runs headless tests in: no browser window
// behind the page, less CPU than the full Chromium (routes and page titles here: 51 s of user
// time against 64 s, 3.7 min against 4.2). A run to watch (--headed, --debug, --ui) takes the
// full browser; CHROMIUM_PATH chooses another.
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const WATCHED = Boolean(process.env.PWDEBUG) || process.argv.some((arg) => ['--headed', '--debug', '--ui'].includes(arg));
const CHROMIUM = !WATCHED && existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium';

export default defineConfig({
  testDir: './e2e',
  // Per port, so a second run on the machine does not delete the first one's traces.
  outputDir: PORT === 8123 ? 'test-results' : `test-results-${PORT}`,
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
      executablePath: process.env.CHROMIUM_PATH ?? CHROMIUM,
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
  webServer: [
    {
      command: `cd ../backend && rm -rf ${DATA} && SLIDEWRIGHT_DATA_DIR=${DATA} uv run slidewright serve --host 127.0.0.1 --port ${PORT}`,
      url: `http://127.0.0.1:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    // The AI flow against "a model": the fake OpenAI-compatible server of the backend's tests,
    // and a second app configured for it (placeholder thumbnails: rendering is tested above).
    {
      command: `cd ../backend && uv run python -m slidewright.ai.fake_server --port ${FAKE_MODEL_PORT}`,
      port: FAKE_MODEL_PORT,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command:
        `cd ../backend && rm -rf ${AI_DATA} && SLIDEWRIGHT_DATA_DIR=${AI_DATA} SLIDEWRIGHT_RENDERER=fake ` +
        `SLIDEWRIGHT_AI_BASE_URL=http://127.0.0.1:${FAKE_MODEL_PORT}/v1 SLIDEWRIGHT_AI_API_KEY=e2e SLIDEWRIGHT_AI_MODEL=fake-model ` +
        // Set as for a cloud model: the flows count the model requests they cause (the probe
        // of an unknown server is tested in the backend's test_endpoint_probe.py).
        `SLIDEWRIGHT_AI_JSON_MODE=json_schema SLIDEWRIGHT_AI_CONTEXT_TOKENS=32000 ` +
        `uv run slidewright serve --host 127.0.0.1 --port ${AI_PORT}`,
      url: `http://127.0.0.1:${AI_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    // Chat sign-on (issue 14): a real OpenID provider (the backend's test dependency
    // oidc-provider-mock) and an app configured for it, as IT would with SLIDEWRIGHT_CHAT_SSO_*.
    {
      command:
        `cd ../backend && uv run python -m oidc_provider_mock --host 127.0.0.1 --port ${OIDC_PORT} ` +
        CHAT_PEOPLE.map((person) => `--user-claims '${JSON.stringify(person)}'`).join(' '),
      url: `${OIDC_ISSUER}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'ignore', // it logs every request there
    },
    {
      command:
        `cd ../backend && rm -rf ${SSO_DATA} && SLIDEWRIGHT_DATA_DIR=${SSO_DATA} SLIDEWRIGHT_RENDERER=fake ` +
        `SLIDEWRIGHT_INSTALL_BUILTINS=false SLIDEWRIGHT_CHAT_SSO_ISSUER=${OIDC_ISSUER} ` +
        `SLIDEWRIGHT_CHAT_SSO_CLIENT_ID=slidewright-e2e SLIDEWRIGHT_CHAT_SSO_CLIENT_SECRET=e2e-secret ` +
        `uv run slidewright serve --host 127.0.0.1 --port ${SSO_PORT}`,
      url: `http://127.0.0.1:${SSO_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
