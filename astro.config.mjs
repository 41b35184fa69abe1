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
 * Client chunks (budgets: tests/support/scriptBudget.ts). Left alone, the bundler makes a file of
 * every small module that two islands share (a page loaded 20-30 files). Groups instead: the
 * React runtime every island needs (with the bundler's helpers); the small client modules every
 * page's islands use (session, API and its typed client, toasts, links, cards, the search box); the engagement widgets
 * (reviews, reactions, a thread's frame, reports, icons, emoji, messages) that neighbourhood and
 * story pages share; and an open thread's comments, which a story or discussion loads with the
 * page and a review only when its thread is opened. A group takes the modules it matches with
 * everything they import, so a module that only some pages need stays out of the wider groups.
 * Lazy code (pusher-js, react-hot-toast, zod behind a form's submit, Leaflet) stays in its own
 * on-demand chunks.
 */
const runtime =
  /node_modules[\\/](react|react-dom|scheduler|nanostores|@nanostores[\\/]react|@astrojs[\\/]react)[\\/]|rolldown[\\/:]runtime/
const everyPage =
  /[\\/]widgets[\\/](lib[\\/](api|client|session|useSession|useHydrated|toast|realtime|address|Chips|ProfileLink|BackToNeighbourhood|trapTab|useModalDialog|keepUnchanged)|Toasts[\\/]|SessionMenu[\\/]|NeighbourhoodBrowser[\\/](store|SearchBox)|Compare[\\/])|[\\/]src[\\/](contracts[\\/]contract|views[\\/](site|media|neighbourhood|relativeTime)|rules[\\/](neighbourhoodSearch|vibes|compare|slug|dates))\./
const engagement =
  /[\\/]widgets[\\/](Comments[\\/](ThreadFrame|LazyCommentThread|store|commentsApi)|Reactions|Reports|Reviews|Stories|lib[\\/](Icon|Emoji|ConfirmDialog|useNow|MentionText|typedBeforeHydration|mentions[\\/]useMentionPicker))[\\/.]|[\\/]src[\\/](views[\\/](review|comment|forms|emoji|deleteHref)|rules[\\/](commentTree|badges|imageFile|messages|targets|reactionCounts|ratingSummary))\./
/** An open thread's comments, form and writes: a review's thread loads them when opened. */
const comments =
  /[\\/]widgets[\\/]Comments[\\/](CommentThread|ThreadBody|CommentItem|CommentForm|commentWrites)\./
const clientChunks = {
  groups: [
    { name: 'runtime', test: runtime, priority: 3 },
    { name: 'shared', test: everyPage, tags: ['$initial'], minShareCount: 2, priority: 2 },
    { name: 'engagement', test: engagement, tags: ['$initial'], minShareCount: 2, priority: 1 },
    { name: 'comments', test: comments, minShareCount: 2, priority: 0 },
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
