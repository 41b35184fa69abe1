import type { User } from '@/payload-types'
import type { CollectionBeforeChangeHook, PayloadRequest } from 'payload'

import { INVITE_COOKIE, parseInviteRef } from '@/rules/invite'

/** The `belong_ref` cookie the /invite page set, as an id, or undefined. */
function inviteRef(req: PayloadRequest): string | undefined {
  const header = req.headers?.get('cookie') ?? ''
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=')
    if (name === INVITE_COOKIE) return parseInviteRef(decodeURIComponent(value.join('=')))
  }
  return undefined
}

/**
 * Sign-up through an invite link (SPEC §2 Profile, invite panel): the account is credited to
 * the inviter named by the cookie /invite set. The body cannot name an inviter (the field's
 * access refuses it); a cookie naming nobody, or the signed-in creator themselves, credits
 * nobody. Only on create: an account is invited once.
 */
export const creditInviter: CollectionBeforeChangeHook<User> = async ({ data, operation, req }) => {
  if (operation !== 'create' || req.context.disableInvites) return data
  const ref = inviteRef(req)
  if (ref === undefined || String(req.user?.id) === ref) return data
  const { totalDocs } = await req.payload.count({
    collection: 'users',
    where: { id: { equals: Number(ref) } },
    overrideAccess: true,
    req,
  })
  if (totalDocs === 0) {
    req.payload.logger.info(`invite cookie names no user (${ref}); sign-up not credited`)
    return data
  }
  return { ...data, invitedBy: Number(ref) }
}
