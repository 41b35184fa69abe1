import { IMAGE_PURPOSES } from '@/rules/imageFile'
import { MESSAGES } from '@/rules/messages'
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

/**
 * Payload's own create on Media: an image for one purpose, checked by its bytes and the purpose's
 * size rule (collections/Media/hooks). The islands upload with progress (widgets/lib/client.ts).
 */
export const mediaUpload = defineContract({
  method: 'POST',
  path: '/api/media',
  summary: 'Upload an image (JPEG, PNG, GIF or WEBP) for one purpose; stored as WebP',
  tag: 'media',
  caller: 'signed-in',
  takesFiles: true,
  input: z.object({
    file: z.file().describe('The image'),
    _payload: z
      .string()
      .describe(
        `JSON of its fields: {"purpose": one of ${IMAGE_PURPOSES.join(', ')}, "alt": text}`,
      ),
  }),
  output: z.object({
    message: z.string(),
    doc: z.looseObject({ id: z.number().int(), url: z.string().nullish() }),
  }),
  status: 201,
  refusals: {
    400: `${MESSAGES.imagePurposeRequired} | the purpose's own words for a file that is not an image or too large`,
    403: 'You are not allowed to perform this action.',
  },
})

const signInMode = z.object({
  mode: z.enum(['login', 'register']).optional().describe('Which page to return to on failure'),
  next: z.string().optional().describe('Where to go once signed in (a path on this site)'),
  remember: z.literal('1').optional().describe('"Remember me": the session lasts 30 days'),
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
