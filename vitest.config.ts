import { fileURLToPath } from 'node:url'

import { defineConfig } from 'vitest/config'

const at = (p: string) => fileURLToPath(new URL(p, import.meta.url))

// The same aliases as tsconfig.json's paths.
const alias = [
  { find: /^@payload-config$/, replacement: at('./payload.config.ts') },
  { find: /^@migrations$/, replacement: at('./migrations/index.ts') },
  { find: /^@collections$/, replacement: at('./collections/index.ts') },
  { find: /^@collections\//, replacement: at('./collections/') },
  { find: /^@widgets\//, replacement: at('./widgets/') },
  { find: /^@tests\//, replacement: at('./tests/') },
  { find: /^@\//, replacement: at('./src/') },
]

export default defineConfig({
  resolve: { alias },
  test: {
    // Like Playwright's retries on CI: a test that fails once and then passes does not sink the
    // run, and `npm test` names it as flaky at the end so it gets mended.
    retry: process.env.CI ? 1 : 0,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'int',
          include: ['tests/int/**/*.test.ts'],
          globalSetup: ['tests/setup/postgres.global.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'realtime',
          include: ['tests/realtime/**/*.test.ts'],
          testTimeout: 20_000,
        },
      },
      {
        // Start the real site and break things (tests/faults), or run it scaled out behind nginx
        // (tests/scale): one file at a time, all from one template data folder.
        extends: true,
        test: {
          name: 'faults',
          include: ['tests/faults/**/*.test.ts', 'tests/scale/**/*.test.ts'],
          globalSetup: ['tests/faults/template.global.ts'],
          fileParallelism: false,
          testTimeout: 240_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
})
