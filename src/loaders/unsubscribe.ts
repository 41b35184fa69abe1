import type { Payload } from 'payload'

import { mailChoiceOf } from '@/data/mailChoice'
import { readUnsubscribeToken, type TokenCheck } from '@/data/unsubscribeToken'

/**
 * What a mail's unsubscribe link names, or why it is refused, and whether that member gets that
 * kind of mail now (null when the token is refused or names no member).
 */
export async function loadUnsubscribe(
  payload: Payload,
  token: string,
): Promise<{ claim: TokenCheck; on: boolean | null }> {
  const claim = readUnsubscribeToken(token)
  const on = typeof claim === 'object' ? await mailChoiceOf(payload, claim.user, claim.kind) : null
  return { claim, on }
}
