import {
  LOST_FOUND_KINDS,
  LOST_FOUND_STATUSES,
  LOST_FOUND_TEXT as TEXT,
  LOST_FOUND_WHAT,
} from '@/rules/lostFound'
import {
  lostFoundEditSchema,
  lostFoundPinsSchema,
  lostFoundPostSchema,
  lostFoundStatusSchema,
} from '@/schemas/lostFound'
import { z } from '@/schemas/zod'
import { defineContract } from './contract'
import { idParams } from './params'

/** A post as its page shows it; the place is the rounded one that was stored. */
const lostFoundView = z.object({
  id: z.number().int(),
  neighbourhood: z.number().int(),
  kind: z.enum(LOST_FOUND_KINDS),
  what: z.enum(LOST_FOUND_WHAT),
  title: z.string(),
  description: z.string().nullable(),
  seenAt: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  status: z.enum(LOST_FOUND_STATUSES),
  photos: z.array(z.number().int()),
  author: z.number().int().nullable(),
  href: z.string(),
})

const REFUSALS = { 403: TEXT.notYours, 404: TEXT.notFound } as const

/** Posts something lost or found in a neighbourhood. */
export const lostFoundPost = defineContract({
  method: 'POST',
  path: '/api/lost-found-posts/post',
  summary: 'Post something lost or found',
  tag: 'lostFound',
  caller: 'member',
  signIn: TEXT.signIn,
  input: lostFoundPostSchema,
  output: lostFoundView,
  status: 201,
  refusals: { 404: TEXT.neighbourhoodNotFound, 422: TEXT.tooFar },
})

/** Changes what one's own post says (staff: anyone's). */
export const lostFoundEdit = defineContract({
  method: 'POST',
  path: '/api/lost-found-posts/{id}/edit',
  summary: 'Edit a lost or found post',
  tag: 'lostFound',
  caller: 'member',
  signIn: TEXT.signIn,
  params: idParams,
  input: lostFoundEditSchema,
  output: lostFoundView,
  refusals: { ...REFUSALS, 422: TEXT.tooFar },
})

/** Marks one's own post reunited, or open again (staff: anyone's). */
export const lostFoundStatus = defineContract({
  method: 'POST',
  path: '/api/lost-found-posts/{id}/status',
  summary: 'Mark a lost or found post reunited (or open again)',
  tag: 'lostFound',
  caller: 'member',
  signIn: TEXT.signIn,
  params: idParams,
  input: lostFoundStatusSchema,
  output: lostFoundView,
  refusals: REFUSALS,
})

/** The open posts' pins for a map (the map page's layer), newest first. */
export const lostFoundPins = defineContract({
  method: 'GET',
  path: '/api/lost-found-posts/pins',
  summary: 'Open lost and found posts as map pins',
  tag: 'lostFound',
  caller: 'anyone',
  input: lostFoundPinsSchema,
  output: z.object({
    pins: z.array(
      z.object({
        id: z.number().int(),
        kind: z.enum(LOST_FOUND_KINDS),
        what: z.enum(LOST_FOUND_WHAT),
        title: z.string(),
        latitude: z.number(),
        longitude: z.number(),
        href: z.string(),
      }),
    ),
  }),
  cache: 'shared',
})
