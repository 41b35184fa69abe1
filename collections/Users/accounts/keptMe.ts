import type { Endpoint, Payload, PayloadHandler, PayloadRequest, SanitizedConfig } from 'payload'

import { readFromPrimary } from '@/server/database/replicas'
import { accountFingerprint, fingerprint } from './knownUsers'

/**
 * GET /api/users/me, which every page with islands reads once (widgets/lib/session.ts), answered
 * by Payload's own handler, with one difference: the account document it reads again (a full
 * findByID with the reader's access, avatar and inviter populated at depth 1, ≈ 2.5 ms of CPU)
 * is reused while the rows it was built from are unchanged. The sign-in check of the same
 * request (knownUsers.ts) has just read those rows' fingerprint — the users row, its sessions,
 * the avatar's media row and the inviter's row — so reusing costs no extra query, and any change
 * to them, hooked or raw, counts on the next request.
 */

type FindByIDArgs = Parameters<Payload['findByID']>[0]

const MAX_KEPT = 5_000
const keptAnswers = new Map<string, { fingerprint: string; doc: object }>()

/** Absent, or empty as Payload's REST handler passes an absent `joins` (`{}`). */
const none = (value: object | false | undefined) => !value || Object.keys(value).length === 0

/** The read Payload's me operation makes, and nothing else: the account itself at depth 0 or 1. */
function isOwnAccountRead(args: FindByIDArgs, user: { id: unknown }): boolean {
  return (
    args.collection === 'users' &&
    String(args.id) === String(user.id) &&
    args.overrideAccess === false &&
    !args.showHiddenFields &&
    none(args.select) &&
    none(args.populate) &&
    none(args.joins) &&
    !args.draft &&
    (args.depth === 0 || args.depth === 1)
  )
}

function keptReads(real: Payload, req: PayloadRequest, user: { id: number }, now: string) {
  const findByID = (async (args: FindByIDArgs) => {
    // Anything else, and a miss, is Payload's own read on the real instance.
    req.payload = real
    if (!isOwnAccountRead(args, user)) return real.findByID(args)
    const key = `${user.id}:${args.depth}`
    const known = keptAnswers.get(key)
    if (known?.fingerprint === now) return structuredClone(known.doc)
    // On the primary, where the fingerprint was read: a replica's older row must not be kept.
    const doc: object = await readFromPrimary(() => real.findByID(args))
    // Kept only when nothing changed while it was read (else the next request reads it again).
    if ((await fingerprint(real, user.id)) === now) {
      keptAnswers.delete(key)
      keptAnswers.set(key, { fingerprint: now, doc: structuredClone(doc) })
      if (keptAnswers.size > MAX_KEPT) keptAnswers.delete(keptAnswers.keys().next().value!)
    }
    return doc
  }) as Payload['findByID']
  return Object.create(real, { findByID: { value: findByID } }) as Payload
}

export function withKeptAccount(handler: PayloadHandler): PayloadHandler {
  return async (req) => {
    const user = req.user
    const now = user && accountFingerprint(user)
    if (!user || !now || typeof user.id !== 'number') return handler(req)
    const real = req.payload
    req.payload = keptReads(real, req, { id: user.id }, now)
    try {
      return await handler(req)
    } finally {
      req.payload = real
    }
  }
}

/**
 * Wraps the users collection's GET /me in the built config (payload.config.ts), once Payload has
 * added its default endpoints there.
 */
export function keepMeAnswers(config: SanitizedConfig): SanitizedConfig {
  const users = config.collections.find((collection) => collection.slug === 'users')
  if (!users || !users.endpoints) return config
  users.endpoints = users.endpoints.map((endpoint: Endpoint) =>
    endpoint.path === '/me' && endpoint.method === 'get'
      ? { ...endpoint, handler: withKeptAccount(endpoint.handler) }
      : endpoint,
  )
  return config
}
