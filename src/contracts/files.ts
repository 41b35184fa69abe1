import { z } from '@/schemas/zod'
import { defineContract } from './contract'

/** What a browser opens rather than a script reads: pages, files and sign-in's redirects. */
const none = z.object({})

export const apiDescription = defineContract({
  method: 'GET',
  path: '/api/openapi.json',
  summary: 'This description (OpenAPI 3.1)',
  tag: 'api',
  caller: 'anyone',
  input: none,
  output: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }),
})

export const apiReference = defineContract({
  method: 'GET',
  path: '/api/docs',
  summary: 'This description as a page to read',
  tag: 'api',
  caller: 'anyone',
  input: none,
  output: z.unknown(),
  answers: { media: 'text/html' },
})

export const apiReferenceScript = defineContract({
  method: 'GET',
  path: '/api/docs/reference.js',
  summary: "The reference page's script (gzip when accepted)",
  tag: 'api',
  caller: 'anyone',
  input: none,
  output: z.unknown(),
  answers: { media: 'text/javascript' },
})

export const mediaFile = defineContract({
  method: 'GET',
  path: '/api/media/file/{filename}',
  summary: 'An uploaded image (EXIF and location removed), or one of its sizes',
  tag: 'media',
  caller: 'anyone',
  params: z.object({ filename: z.string() }),
  input: none,
  output: z.unknown(),
  answers: { media: 'image/*' },
})

const signInMode = z.object({
  mode: z.enum(['login', 'register']).optional().describe('Which page to return to on failure'),
})

export const oidcStart = defineContract({
  method: 'GET',
  path: '/api/auth/oidc/start',
  summary:
    'Starts signing in with the external provider: a redirect there, or a page back to /login with the reason',
  tag: 'accounts',
  caller: 'anyone',
  input: signInMode,
  output: z.unknown(),
  answers: { redirect: "The provider's sign-in page", media: 'text/html' },
})

export const oidcCallback = defineContract({
  method: 'GET',
  path: '/api/auth/oidc/callback',
  summary: "The provider's return: a page that moves the browser on, signed in or with the reason",
  tag: 'accounts',
  caller: 'anyone',
  input: z.object({ code: z.string().optional(), state: z.string().optional() }),
  output: z.unknown(),
  answers: { media: 'text/html' },
})
