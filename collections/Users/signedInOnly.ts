import type { PayloadHandler, PayloadRequest } from 'payload'
import type { ZodType } from 'zod'

import { TWO_FACTOR_MESSAGES } from '@/rules/twoFactor'
import { readJson, refuse } from '@/server/http/requests'
import { isStaffUser, lacksSecondFactor } from '@collections/access'
import { refusalForSuspended } from '@collections/shared/suspension'

/** The signed-in user a custom write acts as. */
export type Writer = NonNullable<PayloadRequest['user']>

/** The JSON body read with `schema`, or a 400 with the schema's first message. */
export async function parsedBody<T>(
  req: PayloadRequest,
  schema: ZodType<T>,
): Promise<T | Response> {
  const parsed = schema.safeParse(await readJson(req))
  return parsed.success ? parsed.data : refuse(400, parsed.error.issues[0]!.message)
}

/**
 * Signed in, suspended or not (a member's own account stays theirs: its export, its deletion):
 * signed out, 401 with the endpoint's own words. Then `handle` runs as that member.
 */
export const signedInOnly =
  (
    loginMessage: string,
    handle: (req: PayloadRequest, user: Writer) => Promise<Response> | Response,
  ) =>
  (req: PayloadRequest): Promise<Response> | Response =>
    req.user ? handle(req, req.user) : refuse(401, loginMessage)

/**
 * A member's custom write: signed out, 401 with the endpoint's own words; suspended, 403 with
 * the date it ends. Then `handle` runs as that member.
 */
export const memberOnly = (
  loginMessage: string,
  handle: (req: PayloadRequest, user: Writer) => Promise<Response>,
) => signedInOnly(loginMessage, (req, user) => refusalForSuspended(user) ?? handle(req, user))

/** `memberOnly` with the JSON body read by `schema` (400 with its message) before `handle`. */
export const memberWrite = <T>(
  loginMessage: string,
  schema: ZodType<T>,
  handle: (req: PayloadRequest, user: Writer, body: T) => Promise<Response>,
): PayloadHandler =>
  memberOnly(loginMessage, async (req, user) => {
    const body = await parsedBody(req, schema)
    return body instanceof Response ? body : handle(req, user, body)
  })

/** An editor's or admin's write: anyone else 403 with `message`; then the body as above. */
export const staffWrite =
  <T>(
    message: string,
    schema: ZodType<T>,
    handle: (req: PayloadRequest, editor: number, body: T) => Promise<Response>,
  ): PayloadHandler =>
  async (req) => {
    if (lacksSecondFactor(req.user, 'editor', 'admin'))
      return refuse(403, TWO_FACTOR_MESSAGES.staffNeedsTwoFactor)
    if (!isStaffUser(req.user)) return refuse(403, message)
    const body = await parsedBody(req, schema)
    return body instanceof Response ? body : handle(req, req.user!.id as number, body)
  }
