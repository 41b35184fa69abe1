import os from 'node:os'
import path from 'node:path'

import { defineConfig, devices } from '@playwright/test'

import { drawPort } from '@tests/support/e2ePorts'
import { OIDC_CLIENT, oidcIssuer } from '@tests/support/oidcSettings'

/**
 * End-to-end tests against the real built server (`npm start` in production mode) on its own
 * port with its own temporary data folder: embedded PostgreSQL, demo seed, admin and all.
 */
const port = Number(process.env.E2E_PORT ?? drawPort())
process.env.E2E_PORT = String(port)
const dataDir = (process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `belong-e2e-${Date.now()}`))
// Everything the server writes, checked for secrets by the global teardown (tests/e2e/teardown.ts).
const serverLog = (process.env.E2E_SERVER_LOG ??= `${dataDir}.server.log`)
// The test identity provider (tests/support/oidcProvider.ts), started by tests/e2e/oidc.e2e.ts.
const oidcPort = Number((process.env.E2E_OIDC_PORT ??= String(port + 1000)))
// The stand-in for Nominatim and the population service (tests/support/fakeGeocoder.ts).
const geocoderPort = Number((process.env.E2E_GEOCODER_PORT ??= String(port + 2000)))
const geocoderUrl = `http://127.0.0.1:${geocoderPort}`
// The stand-in for browsers' push services (tests/support/pushService.ts), started by push.e2e.ts.
const pushPort = Number((process.env.E2E_PUSH_PORT ??= String(port + 3000)))

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.e2e.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  globalTeardown: './tests/e2e/teardown.ts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    // Pages as the network serves them; the service worker's own behaviour is tested where it
    // is allowed (tests/e2e/pwa.e2e.ts).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: 'node --import tsx tests/support/fakeGeocoder.ts',
      url: `${geocoderUrl}/healthz`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: { FAKE_GEOCODER_PORT: String(geocoderPort) },
    },
    {
      command: 'node --import tsx tests/support/serverLog.ts',
      // The site answers before the admin's first build is done (/admin says it is being
      // prepared, 503); the tests start once both are up. ADMIN=false: the site alone.
      url: `http://127.0.0.1:${port}${process.env.ADMIN === 'false' ? '/healthz' : '/admin'}`,
      timeout: 600_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
      env: {
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SERVER_LOG_FILE: serverLog,
        SITE_REGEN_DELAY_MS: '500',
        // The mail queue every second (production: every 5 s): a mail or push goes through two
        // runs (dispatch, then send), which tests that wait for one would otherwise wait out.
        MAIL_CRON: '* * * * * *',
        OIDC_ISSUER: oidcIssuer(oidcPort),
        OIDC_CLIENT_ID: OIDC_CLIENT.id,
        OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
        OIDC_ALLOW_INSECURE: 'true',
        GEOCODER_URL: geocoderUrl,
        POPULATION_URL: geocoderUrl,
        PUSH_ENDPOINT_ALLOW: `http://127.0.0.1:${pushPort}`,
        // The server's clock offset (ms) for tests of time rules (src/server/config/clock.ts).
        BELONG_TEST_CLOCK_FILE: path.join(dataDir, 'test-clock-offset'),
        // The suite's own traffic comes from 127.0.0.1; tests/e2e/security.e2e.ts is limited
        // from 127.0.0.2 with the real limits.
        RATE_LIMIT_EXEMPT: '127.0.0.1',
      },
    },
  ],
})
