import type { Endpoint } from 'payload'

import { passkeyRename } from '@/contracts/security'
import { PASSKEY_MESSAGES, PASSKEYS_MAX, cleanPasskeyName } from '@/rules/passkeys'
import { isStaffRole } from '@/rules/moderation'
import { pgPool } from '@/server/database/db'
import { readJson, refuse, routeId } from '@/server/http/requests'
import { parsedBody, signedInOnly, type Writer } from '@collections/Users/signedInOnly'
import {
  checkRegistration,
  isCredentialAnswer,
  passkeyCookie,
  passkeyHandle,
  registrationOptions,
} from './ceremony'
import { sendPasskeyMail } from './mail'
import {
  addPasskey,
  keepChallenge,
  passkeysOf,
  removePasskey,
  renamePasskey,
  takeChallenge,
} from '@/data/passkeys'

/**
 * Passkeys in Settings, for the signed-in account only (no account id is read from the request):
 * - POST /api/users/me/passkeys/options → the browser's creation options; the challenge is kept
 *   server-side for two minutes, bound to this session, its handle in an HttpOnly cookie;
 * - POST /api/users/me/passkeys {response, name?} → the new passkey (201); the member is mailed;
 *   an editor's or admin's first second factor ends their other sessions, as turning on the
 *   authenticator app does;
 * - GET /api/users/me/passkeys → the account's passkeys (names and dates);
 * - PATCH /api/users/me/passkeys/:id {name} → renamed; DELETE → removed (and mailed).
 * Signing in with one: signIn.ts.
 */

const signInFirst = PASSKEY_MESSAGES.signInFirst
const sessionOf = (user: Writer) => (user as { _sid?: string })._sid ?? null

export const passkeyOptions: Endpoint = {
  path: '/me/passkeys/options',
  method: 'post',
  handler: signedInOnly(signInFirst, async (req, user) => {
    const existing = await passkeysOf(req.payload, user.id)
    if (existing.length >= PASSKEYS_MAX) return refuse(409, PASSKEY_MESSAGES.tooMany)
    const options = await registrationOptions(user, existing)
    const handle = await keepChallenge(req.payload, options.challenge, 'register', {
      userId: user.id,
      sessionId: sessionOf(user),
    })
    return Response.json(options, { headers: { 'Set-Cookie': passkeyCookie(req, handle) } })
  }),
}

export const addPasskeyEndpoint: Endpoint = {
  path: '/me/passkeys',
  method: 'post',
  handler: signedInOnly(signInFirst, async (req, user) => {
    const body = await readJson(req)
    const stored = await takeChallenge(req.payload, passkeyHandle(req), 'register')
    const cleared = { 'Set-Cookie': passkeyCookie(req, null) }
    // Bound to the session that asked for it: another account's or session's challenge is void.
    if (!stored || stored.userId !== user.id || stored.sessionId !== sessionOf(user))
      return refuse(400, PASSKEY_MESSAGES.challengeExpired, cleared)
    if (!isCredentialAnswer(body.response))
      return refuse(400, PASSKEY_MESSAGES.responseInvalid, cleared)
    const key = await checkRegistration(body.response, stored.challenge)
    if (!key) return refuse(400, PASSKEY_MESSAGES.responseInvalid, cleared)
    const existing = await passkeysOf(req.payload, user.id)
    if (existing.length >= PASSKEYS_MAX) return refuse(409, PASSKEY_MESSAGES.tooMany, cleared)
    const typed = typeof body.name === 'string' ? cleanPasskeyName(body.name) : ''
    const name = typed || `Passkey ${existing.length + 1}`
    const added = await addPasskey(req.payload, user.id, { ...key, name })
    if (!added) return refuse(409, PASSKEY_MESSAGES.alreadyAdded, cleared)
    if (added.firstFactor && isStaffRole(user.role)) {
      // Sessions opened with the password alone end; this one, which just proved it, goes on.
      await pgPool(req.payload).query(
        'DELETE FROM users_sessions WHERE _parent_id = $1 AND id IS DISTINCT FROM $2',
        [user.id, sessionOf(user)],
      )
    }
    await sendPasskeyMail(req.payload, user.email, 'added', name)
    return Response.json(
      { message: PASSKEY_MESSAGES.added, passkey: { id: added.id, name } },
      { status: 201, headers: cleared },
    )
  }),
}

export const listPasskeys: Endpoint = {
  path: '/me/passkeys',
  method: 'get',
  handler: signedInOnly(signInFirst, async (req, user) => {
    const keys = await passkeysOf(req.payload, user.id)
    return Response.json({
      docs: keys.map(({ id, name, createdAt, lastUsedAt }) => ({
        id,
        name,
        createdAt,
        lastUsedAt,
      })),
    })
  }),
}

export const renamePasskeyEndpoint: Endpoint = {
  path: '/me/passkeys/:id',
  method: 'patch',
  handler: signedInOnly(signInFirst, async (req, user) => {
    const id = routeId(req)
    if (id === null) return refuse(404, PASSKEY_MESSAGES.notFound)
    const body = await parsedBody(req, passkeyRename.input)
    if (body instanceof Response) return body
    const { name } = body
    if (!(await renamePasskey(req.payload, user.id, id, name)))
      return refuse(404, PASSKEY_MESSAGES.notFound)
    return Response.json({ message: PASSKEY_MESSAGES.renamed, passkey: { id, name } })
  }),
}

export const removePasskeyEndpoint: Endpoint = {
  path: '/me/passkeys/:id',
  method: 'delete',
  handler: signedInOnly(signInFirst, async (req, user) => {
    const id = routeId(req)
    const removed = id === null ? null : await removePasskey(req.payload, user.id, id)
    if (!removed) return refuse(404, PASSKEY_MESSAGES.notFound)
    await sendPasskeyMail(req.payload, user.email, 'removed', removed.name)
    return Response.json({ message: PASSKEY_MESSAGES.removed })
  }),
}

export const passkeyEndpoints = [
  passkeyOptions,
  addPasskeyEndpoint,
  listPasskeys,
  renamePasskeyEndpoint,
  removePasskeyEndpoint,
]
