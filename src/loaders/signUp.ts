import { checkSignUpToken, issueSignUpToken } from '@/data/signUpForm'
import { payloadClient } from './payload'

/**
 * The sign-up form's token (when it was issued, signed): the one a refused form came back with
 * while it is genuine, so sending it again does not start the clock again; else a new one.
 */
export async function signUpFormToken(kept: string): Promise<string> {
  const { secret } = await payloadClient()
  return kept && checkSignUpToken(secret, kept) !== 'invalid' ? kept : issueSignUpToken(secret)
}
