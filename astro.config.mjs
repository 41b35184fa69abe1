import node from '@astrojs/node'
import react from '@astrojs/react'
import { defineConfig } from 'astro/config'

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

export default defineConfig({
  // The server builds each version of the site into its own folder (see src/server/siteBuilds.ts).
  outDir: process.env.ASTRO_OUT_DIR ?? './dist',
  output: 'static',
  adapter: node({ mode: 'middleware' }),
  integrations: [react()],
  vite: {
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
