import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { withPayload } from '@payloadcms/next/withPayload'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** The Payload admin only; the public site is Astro. Served in-process by src/server/process/admin.ts. */
const nextConfig = {
  // One Payload instance for the whole process: Next must not bundle its own copy.
  serverExternalPackages: [
    'payload',
    '@payloadcms/db-postgres',
    '@payloadcms/drizzle',
    '@payloadcms/graphql',
    'pusher',
    'sharp',
    'pg',
    'nodemailer',
    'prom-client',
    // The throwaway-domain list is read at run time (collections/Users/signUp/disposable.ts).
    'disposable-email-domains',
  ],
  outputFileTracingRoot: root,
  turbopack: { root },
  typescript: { ignoreBuildErrors: true },
  poweredByHeader: false,
}

export default withPayload(nextConfig, { devBundleServerPackages: false })
