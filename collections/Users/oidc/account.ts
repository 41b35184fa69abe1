import crypto from 'node:crypto'

import type { PayloadRequest } from 'payload'

import { revokeAllSessions } from '@collections/Users/accounts/session'

/** The claims we use from the ID token (or userinfo when the token leaves them out). */
export interface OidcIdentity {
  issuer: string
  subject: string
  email?: string
  emailVerified: boolean
  name?: string
}

/** A refusal whose message the visitor sees after 'Google login failed: '. */
export class OidcFailure extends Error {}

/**
 * The account for an external identity:
 * - the one already linked to it;
 * - else the account with the same e-mail, but only when the provider vouches for the e-mail
 *   (email_verified), or anyone could take over an account by claiming its address:
 *   - its owner confirmed the address (the link in the sign-up e-mail): linked now;
 *   - nobody ever confirmed it: whoever registered it never proved they own the address, and the
 *     provider's user does. The account is taken over: a new random password, every session
 *     ended, linked and confirmed, so a squatter who registered someone else's address loses it;
 * - else a new account (random password, name from the claims, no user name yet: /register asks
 *   for it), confirmed when the provider vouches for the address.
 */
export async function accountFor(req: PayloadRequest, identity: OidcIdentity): Promise<number> {
  const { payload } = req
  const linked = await payload.find({
    collection: 'users',
    where: {
      and: [
        { oidcIssuer: { equals: identity.issuer } },
        { oidcSubject: { equals: identity.subject } },
      ],
    },
    limit: 1,
    depth: 0,
    overrideAccess: true,
    req,
  })
  if (linked.docs[0]) return linked.docs[0].id

  const email = identity.email?.trim().toLowerCase()
  if (!email) throw new OidcFailure('your account did not share an e-mail address')
  const link = { oidcIssuer: identity.issuer, oidcSubject: identity.subject }

  const existing = await payload.find({
    collection: 'users',
    where: { email: { equals: email } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
    req,
  })
  const user = existing.docs[0]
  const confirmedAt = new Date().toISOString()
  if (user) {
    if (!identity.emailVerified) {
      throw new OidcFailure(
        'an account with this e-mail already exists; sign in with your password',
      )
    }
    if (user.emailConfirmedAt) {
      await payload.update({
        collection: 'users',
        id: user.id,
        data: link,
        overrideAccess: true,
        req,
      })
      return user.id
    }
    await payload.update({
      collection: 'users',
      id: user.id,
      data: { ...link, password: randomPassword(), emailConfirmedAt: confirmedAt },
      overrideAccess: true,
      req,
    })
    await revokeAllSessions(req, user.id)
    payload.logger.warn({
      msg: 'External sign-in took over an account whose e-mail was never confirmed',
      userId: user.id,
    })
    return user.id
  }

  const created = await payload.create({
    collection: 'users',
    data: {
      email,
      password: randomPassword(),
      name: identity.name?.slice(0, 200) || undefined,
      emailConfirmedAt: identity.emailVerified ? confirmedAt : null,
      role: 'member',
      ...link,
    },
    overrideAccess: true,
    req,
  })
  return created.id
}

/** A password nobody knows: the account is reached through the provider (or a reset e-mail). */
const randomPassword = () => crypto.randomBytes(32).toString('base64url')
