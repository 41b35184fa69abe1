import type { PayloadRequest } from 'payload'
import type { ZodType } from 'zod'

import { readJson, refuse } from '@/server/http/requests'

/**
 * The accounts room's own endpoints (passkeys, two-factor, devices, settings), which answer
 * with cookies and headers of their own rather than through a command.
 */

/** The signed-in account an endpoint acts for. */
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
 * signed out, 401 with the endpoint's own words. Then `handle` runs as that account.
 */
export const signedInOnly =
  (
    loginMessage: string,
    handle: (req: PayloadRequest, user: Writer) => Promise<Response> | Response,
  ) =>
  (req: PayloadRequest): Promise<Response> | Response =>
    req.user ? handle(req, req.user) : refuse(401, loginMessage)
