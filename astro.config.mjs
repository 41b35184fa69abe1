import node from '@astrojs/node'
import react from '@astrojs/react'
import { fileURLToPath } from 'node:url'

import { defineConfig } from 'astro/config'

import { serviceWorker } from './src/serviceWorker/build.ts'

// Payload and its database driver run on the server as plain node modules, never bundled.
const serverOnly = [
  'payload',
  '@payloadcms/db-postgres',
  '@payloadcms/drizzle',
  '@payloadcms/richtext-lexical',
  '@payloadcms/email-nodemailer',
  '@payloadcms/storage-s3',
  'sharp',
  'pg',
  'pusher',
]

/**
 * Client chunks (budget: at most 8 JS files a page, scripts/bench/frontEnd.ts). Left alone, the
 * bundler makes a file of every small module that two islands share (a page loaded 20-30 files).
 * Three groups instead: the React runtime every island needs (with the bundler's helpers); the
 * small client modules every page's islands use (session, API, toasts, links, cards, the search
 * box); and the engagement widgets (reviews, reactions, comments, icons, emoji, messages) that
 * neighbourhood and story pages share. Lazy code (pusher-js, react-hot-toast, zod behind a form's
 * submit, Leaflet) stays in its own on-demand chunks.
 */
const runtime =
  /node_modules[\\/](react|react-dom|scheduler|nanostores|@nanostores[\\/]react|@astrojs[\\/]react)[\\/]|rolldown[\\/:]runtime/
const everyPage =
  /[\\/]widgets[\\/](lib[\\/](api|session|useSession|useHydrated|toast|realtime|address|Chips|ProfileLink|BackToNeighbourhood|trapTab|useModalDialog|keepUnchanged)|Accounts[\\/]refresh|Toasts[\\/]|SessionMenu[\\/]|NeighbourhoodBrowser[\\/](store|SearchBox)|Compare[\\/])|[\\/]src[\\/](views[\\/](site|media|neighbourhood|relativeTime)|rules[\\/](neighbourhoodSearch|vibes|compare|slug|dates))\./
const engagement =
  /[\\/]widgets[\\/](Comments|Reactions|Reviews|Stories|lib[\\/](Icon|Emoji|ConfirmDialog|useNow))[\\/.]|[\\/]src[\\/](views[\\/](review|comment|home|story|icons|emoji)|rules[\\/](commentTree|badges|imageFile|localSpots|messages|targets|reactionCounts|ratingSummary))\./
const clientChunks = {
  groups: [
    { name: 'runtime', test: runtime, priority: 3 },
    { name: 'shared', test: everyPage, tags: ['$initial'], minShareCount: 2, priority: 2 },
    { name: 'engagement', test: engagement, tags: ['$initial'], minShareCount: 2, priority: 1 },
  ],
}

/** `client:focus`: an island loaded on its first focus (the header's search suggestions). */
const focusDirective = {
  name: 'focus-directive',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) =>
      addClientDirective({
        name: 'focus',
        entrypoint: fileURLToPath(new URL('./widgets/lib/focusDirective.ts', import.meta.url)),
      }),
  },
}

export default defineConfig({
  // The server builds each version of the site into its own folder (see src/server/site/siteBuilds.ts).
  outDir: process.env.ASTRO_OUT_DIR ?? './dist',
  output: 'static',
  adapter: node({ mode: 'middleware' }),
  integrations: [react(), focusDirective, serviceWorker()],
  vite: {
    environments: {
      client: { build: { rolldownOptions: { output: { codeSplitting: clientChunks } } } },
    },
    optimizeDeps: { exclude: serverOnly },
    ssr: { external: serverOnly },
    server: process.env.DEV_BACKEND_URL
      ? {
          proxy: Object.fromEntries(
            ['/api', '/admin', '/_next', '/apps', '/healthz']
              .map((p) => [p, { target: process.env.DEV_BACKEND_URL, changeOrigin: false }])
              .concat([['/app/', { target: process.env.DEV_BACKEND_URL, ws: true }]]),
          ),
        }
      : undefined,
  },
})
