import type { PayloadRequest } from 'payload'

import type { LostFoundPost } from '@/payload-types'
import type { OutputOf } from '@/contracts/contract'
import type { lostFoundPost } from '@/contracts/lostFound'
import type { Coordinates } from '@/rules/location'
import { LOST_FOUND_TEXT as TEXT } from '@/rules/lostFound'
import { MAX_METRES_FROM_NEIGHBOURHOOD, metresBetween, roughPlace } from '@/rules/roughPlace'
import { query, sql } from '@/server/database/db'
import { isStaffUser } from '@collections/access'
import { relId } from '@/views/media'

/** A refusal that names its field, so forms show it beside that field. */
export class FieldRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field: string,
  ) {
    super(message)
  }
}

/** Runs a command's work; a FieldRefusal it throws becomes the answer, in Payload's error shape. */
export async function answerOrRefusal<T>(work: () => Promise<T>): Promise<T | Response> {
  try {
    return await work()
  } catch (error) {
    if (!(error instanceof FieldRefusal)) throw error
    const { status, message, field } = error
    return Response.json(
      { errors: [{ message, data: { errors: [{ path: field, message }] } }] },
      { status },
    )
  }
}

/**
 * The place to store: the chosen point rounded to about 100 m, refused when the rounded point
 * lies more than 2 km from the neighbourhood's own point (or the neighbourhood has none).
 */
export async function placeIn(
  req: PayloadRequest,
  neighbourhood: number,
  chosen: Coordinates,
): Promise<Coordinates> {
  const [home] = await query<{ latitude: number | null; longitude: number | null }>(
    req,
    sql`SELECT latitude, longitude FROM neighbourhoods WHERE id = ${neighbourhood}`,
  )
  if (!home) throw new FieldRefusal(404, TEXT.neighbourhoodNotFound, 'neighbourhood')
  if (home.latitude === null || home.longitude === null)
    throw new FieldRefusal(422, TEXT.noPoint, 'latitude')
  const rounded = roughPlace(chosen)
  const centre = { latitude: Number(home.latitude), longitude: Number(home.longitude) }
  if (metresBetween(rounded, centre) > MAX_METRES_FROM_NEIGHBOURHOOD)
    throw new FieldRefusal(422, TEXT.tooFar, 'latitude')
  return rounded
}

/**
 * Photos must be lost-and-found photos the caller uploaded, or ones the post already has (an
 * editor keeps the poster's): nobody attaches someone else's image by its id.
 */
export async function checkPhotos(
  req: PayloadRequest,
  user: number,
  photos: number[],
  already: number[] = [],
): Promise<void> {
  const asked = [...new Set(photos)].filter((id) => !already.includes(id))
  if (!asked.length) return
  const rows = await query<{ id: number }>(
    req,
    sql`SELECT id FROM media WHERE id = ANY(${sql.param(asked)}::int[]) AND uploaded_by_id = ${user}
          AND purpose = 'lost-found-photo'`,
  )
  if (rows.length !== asked.length) throw new FieldRefusal(400, TEXT.notYourPhoto, 'photos')
}

/** The post, readable or not, when the caller may change it; else the refusal. */
export async function postToChange(req: PayloadRequest, id: number): Promise<LostFoundPost> {
  const post = await req.payload
    .findByID({ collection: 'lost-found-posts', id, depth: 0, req, overrideAccess: true })
    .catch(() => null)
  const staff = isStaffUser(req.user)
  if (!post || (post.hidden && !staff)) throw new FieldRefusal(404, TEXT.notFound, 'id')
  if (!staff && relId(post.author) !== req.user?.id)
    throw new FieldRefusal(403, TEXT.notYours, 'status')
  return post
}

export const photoIds = (post: Pick<LostFoundPost, 'photos'>): number[] =>
  (post.photos ?? []).map((photo) => relId(photo)).filter((id): id is number => id !== null)

export const lostFoundHref = (id: number) => `/lost-found/${id}`

/** What the commands answer about a post. */
export function lostFoundView(post: LostFoundPost): OutputOf<typeof lostFoundPost> {
  return {
    id: post.id,
    neighbourhood: relId(post.neighbourhood)!,
    kind: post.kind,
    what: post.what,
    title: post.title,
    description: post.description ?? null,
    seenAt: post.seenAt,
    latitude: post.latitude,
    longitude: post.longitude,
    status: post.status,
    photos: photoIds(post),
    author: relId(post.author),
    href: lostFoundHref(post.id),
  }
}
