import crypto from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { postgresAdapter } from '@payloadcms/db-postgres'
import { lexicalEditor } from '@payloadcms/richtext-lexical'
import { s3Storage } from '@payloadcms/storage-s3'
import { buildConfig, type Payload } from 'payload'
import sharp, { type SharpOptions } from 'sharp'

import { MAX_IMAGE_PIXELS } from '@/rules/imageFile'

import { collections } from './collections'
import { uploadLimits } from '@collections/Media'
import { Users } from '@collections/Users'
import { mailJobs } from '@collections/Mails/jobs'
import { installAfterCommit } from '@/server/database/afterCommit'
import { claimJobsOnce } from '@/server/database/jobClaims'
import { installReadRouting } from '@/server/database/replicas'
import { emailAdapter } from '@/server/services/email'
import { logger } from '@/server/observability/logger'
import { traceJobs } from '@/server/observability/jobTracing'
import { env } from '@/server/config/env'
import { forumFeed } from '@collections/shared/endpoints/forumFeed'
import { newPostsSince } from '@collections/shared/endpoints/newPosts'
import { openApiEndpoints } from '@collections/shared/endpoints/openapi'
import {
  checkSessionsOnPrimary,
  keepMeAnswers,
  memberReads,
  pageStateFirst,
  signInEndpoints,
} from '@collections/Users/public'
import { topReviewers } from '@collections/Reviews/endpoints/topReviewers'
import { searchEndpoints } from '@collections/Search/endpoints'
import { signedInSearches } from '@collections/Search/signedInSearches'
import { geocodeEndpoints } from '@/server/services/geocode'
import { populationSumEndpoint } from '@/server/services/population'
import { addListIndexes } from '@/server/database/listIndexes'
import { realtimeEndpoints } from '@/server/services/realtimeEndpoints'
import type { CollectionRoutes } from '@/server/site/routes'
import type { TimeBoundaries } from '@/server/site/siteRevision'
import { pagesPastTimeBoundaries } from '@collections/shared/stalePages'
import { answerMissingPreference } from '@collections/shared/missingPreference'
import { answerMissingReference } from '@collections/shared/missingReference'
import { staffOnlyLocks } from '@collections/shared/staffLocks'

const dirname = path.dirname(fileURLToPath(import.meta.url))
const s3 = env.s3
const readReplicas = env.databaseReadReplicas

export default buildConfig({
  // The server sets it at boot (src/server/config/secrets.ts); tools that only read the schema (types,
  // migrations) get a throwaway one.
  secret: env.payloadSecret ?? crypto.randomBytes(32).toString('hex'),
  serverURL: env.publicUrl,
  admin: {
    user: Users.slug,
    importMap: {
      baseDir: dirname,
      importMapFile: path.resolve(dirname, 'cms/app/(payload)/admin/importMap.js'),
    },
    meta: { titleSuffix: ' · Belong admin' },
    // Initials, not Gravatar: the admin asks nothing of outside servers.
    avatar: { Component: '/cms/components/Avatar#Avatar' },
    components: {
      graphics: {
        Logo: '/cms/components/Brand#Logo',
        Icon: '/cms/components/Brand#Icon',
      },
      beforeDashboard: ['/cms/components/Dashboard#Dashboard'],
      // The editors' queue of reported content (cms/components/ModerationView.tsx).
      views: {
        moderation: {
          Component: '/cms/components/ModerationView#ModerationView',
          path: '/moderation',
        },
        // Admins' view of the live figures (cms/components/SiteHealthView.tsx).
        siteHealth: {
          Component: '/cms/components/SiteHealthView#SiteHealthView',
          path: '/site-health',
        },
      },
      beforeNavLinks: [
        '/cms/components/ModerationLink#ModerationLink',
        '/cms/components/SiteHealthLink#SiteHealthLink',
      ],
    },
  },
  collections,
  jobs: mailJobs,
  editor: lexicalEditor(),
  db: postgresAdapter({
    pool: { connectionString: env.databaseUrl ?? 'postgres://belong@127.0.0.1:1/belong', max: 10 },
    migrationDir: path.resolve(dirname, 'migrations'),
    // Schema changes only ever arrive through committed migrations.
    push: false,
    afterSchemaInit: [addListIndexes],
    // Given only when there are some: the adapter checks the option's truthiness, not its length.
    ...(readReplicas.length ? { readReplicas } : {}),
  }),
  email: emailAdapter(),
  // Payload's own resizing never decodes more than an upload may hold.
  sharp: ((input?: Parameters<typeof sharp>[0], options?: SharpOptions) =>
    sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, ...options })) as typeof sharp,
  upload: uploadLimits,
  endpoints: [
    ...openApiEndpoints,
    ...realtimeEndpoints,
    topReviewers,
    forumFeed,
    newPostsSince,
    ...searchEndpoints,
    ...geocodeEndpoints,
    populationSumEndpoint,
    ...signInEndpoints,
  ],
  // Registered with or without S3_BUCKET (enabled: false keeps only its fields), so the schema and
  // its migrations are the same in both modes: media gain `prefix` and `_objectKey` columns.
  // Files stay behind Payload's access control at /api/media/file/<name> (streamed from the
  // bucket by the app), so page URLs do not change when the storage does.
  plugins: [
    s3Storage({
      enabled: Boolean(s3),
      alwaysInsertFields: true,
      collections: { media: true },
      bucket: s3?.bucket ?? '',
      config: s3
        ? {
            region: s3.region,
            endpoint: s3.endpoint,
            forcePathStyle: s3.forcePathStyle,
            credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
          }
        : {},
    }),
  ],
  // A write naming a deleted or unknown document is a 400 naming its field on every route.
  hooks: { afterError: [answerMissingReference] },
  typescript: { outputFile: path.resolve(dirname, 'src/payload-types.ts') },
  telemetry: false,
  // Refusals with a message (4xx APIErrors) are answers, not faults: log them quietly.
  // A wrong password or a locked account is an answer too (the account screens show it).
  loggingLevels: {
    APIError: 'info',
    ValidationError: 'info',
    // A query on a field that may not be queried (src/server/http/queryGate.ts checks the rest).
    QueryError: 'info',
    Forbidden: 'info',
    NotFound: 'info',
    AuthenticationError: 'info',
    LockedAuth: 'info',
    // A 401 (signed out where a session is needed); Payload's list of names leaves it out.
    ...({ UnauthorizedError: 'info' } as object),
  },
  // The process's one logger: JSON or readable lines, each with its request's id.
  logger,
  onInit: async (payload) => {
    // First: it replaces db.drizzle, which later patches (boot's surfaceCommitFailures) wrap.
    installReadRouting(payload, {
      maxLagMs: env.replicaMaxLagMs,
      log: (line) => payload.logger.warn(line),
    })
    // A session signed out on another instance must fail here at once, replica or not.
    checkSessionsOnPrimary(payload)
    installAfterCommit(payload)
    // Every instance runs the queue: each job is claimed by one of them, once.
    claimJobsOnce(payload, { staleMs: env.mailStaleMs })
    // Jobs queued by a request carry its id; every run is counted and logged by task.
    traceJobs(payload)
  },
})
  // Payload's own endpoints, wrapped where Payload has added them: GET /api/users/me reuses the
  // account it read while the rows behind it are unchanged; a missing admin preference answers
  // 404, not the adapter's 500; the admin's document locks are staff's alone.
  .then(keepMeAnswers)
  .then(answerMissingPreference)
  .then(staffOnlyLocks)

/**
 * What the collections add to the site's route table (src/server/site/routes.ts), made at start
 * and handed to the server by the process (src/server/process/boot.ts), which reaches the
 * collections only through this file.
 */
export function collectionRoutes(payload: Payload): CollectionRoutes {
  const pageState = pageStateFirst(payload)
  return {
    // A page's personal state answered before Payload's request setup (one statement).
    early: pageState ? { [`${payload.config.routes.api}/users/state`]: pageState } : {},
    signedIn: {
      // Members' searches from the kept answers: the readers', or (with private entries) their own.
      routes: { search: signedInSearches(payload) },
      // Members' other public reads from the readers' kept answers (not staff, nothing private).
      members: memberReads(payload),
    },
  }
}

/** What the static pages show that changes with time alone, for the regenerator's sweep. */
export const timeBoundaries: TimeBoundaries = pagesPastTimeBoundaries
