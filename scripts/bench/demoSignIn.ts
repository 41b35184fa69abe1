import { handleEndpoints, type Payload } from 'payload'

import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '@/seed'
import { currentCode } from '@/data/twoFactor'

/**
 * A session cookie for a demo account through the site's sign-in (POST /api/accounts/login),
 * with the demo staff's two-factor code step when it answers 202 (README: demo accounts).
 */
export async function demoSignIn(
  payload: Payload,
  email: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const post = (path: string, body: unknown) =>
    handleEndpoints({
      config: payload.config,
      request: new Request(`http://local${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    })
  let answer = await post('/api/accounts/login', { email, password })
  if (answer.status === 202) {
    const { challenge } = (await answer.json()) as { challenge: string }
    answer = await post('/api/accounts/login/code', {
      challenge,
      code: currentCode(DEMO_TOTP_SECRET),
    })
  }
  const cookie = answer.headers.getSetCookie().find((c) => c.startsWith('payload-token='))
  if (!cookie) throw new Error(`sign-in as ${email} answered ${answer.status}`)
  return cookie.split(';')[0]!
}
