/**
 * Builds /sw.js after `astro build` (an Astro integration, registered in astro.config.mjs):
 * Workbox lists what to keep from the start (the offline page, styles, icons, the manifest) with
 * each file's revision, and esbuild bundles ./sw.ts with that list and the release's id. The id
 * changes whenever a built file does (their names carry their hashes), so a new release installs
 * a new worker, which replaces the old caches.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import type { AstroIntegration } from 'astro'
import { build } from 'esbuild'
import { getManifest } from 'workbox-build'

const SOURCE = fileURLToPath(new URL('./sw.ts', import.meta.url))
const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** Every file's path under `dir`, sorted: built names carry a hash of their contents. */
function namesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return []
  return (fs.readdirSync(dir, { recursive: true }) as string[]).sort()
}

export async function buildServiceWorker(clientDir: string, serverDir: string): Promise<void> {
  const { manifestEntries, warnings } = await getManifest({
    globDirectory: clientDir,
    globPatterns: ['offline/index.html', '_astro/*.css', 'icons/*.png', 'favicon.svg'],
    manifestTransforms: [
      async (entries) => ({
        manifest: entries.map((e) => ({
          ...e,
          url: e.url === 'offline/index.html' ? '/offline' : `/${e.url}`,
        })),
        warnings: [],
      }),
    ],
  })
  if (warnings.length) throw new Error(`service worker: ${warnings.join('; ')}`)
  const release = createHash('sha256')
    .update(JSON.stringify(manifestEntries))
    .update(namesUnder(path.join(clientDir, '_astro')).join('\n'))
    .update(namesUnder(serverDir).join('\n'))
    .update(fs.readFileSync(SOURCE))
    .digest('hex')
    .slice(0, 12)
  await build({
    entryPoints: [SOURCE],
    outfile: path.join(clientDir, 'sw.js'),
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    define: {
      RELEASE: JSON.stringify(release),
      'self.__WB_MANIFEST': JSON.stringify(manifestEntries),
      // Workbox's debug logging is dropped from a production bundle.
      'process.env.NODE_ENV': '"production"',
    },
    logLevel: 'warning',
  })
}

export function serviceWorker(): AstroIntegration {
  let serverDir = ''
  return {
    name: 'belong-service-worker',
    hooks: {
      'astro:config:done': ({ config }) => {
        serverDir = fileURLToPath(config.build.server)
      },
      'astro:build:done': async ({ dir }) => {
        await buildServiceWorker(fileURLToPath(dir), serverDir)
      },
    },
  }
}
