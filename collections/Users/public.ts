import type { Endpoint } from 'payload'

import { accountLogin } from './accounts/endpoints'
import { oidcEndpoints } from './oidc/endpoints'
import { passkeySignInEndpoints } from './passkeys/signIn'
import { accountLoginCode } from './twoFactor/endpoints'

/**
 * The accounts room's public face. collections/Users holds everything about accounts: sign-in and
 * its second step (twoFactor/, passkeys/), external sign-in (oidc/), sessions and "remember me"
 * (accounts/), devices, sign-up brakes, e-mail confirmation and Settings. The rest of the house
 * uses only this file and the collection config (`@collections/Users`); ESLint holds it so.
 */

/** Sign in and its second step, by password, code, passkey or an external provider (/api/accounts, /api/auth). */
export const signInEndpoints: Endpoint[] = [
  accountLogin,
  accountLoginCode,
  ...passkeySignInEndpoints,
  ...oidcEndpoints,
]

/** Sessions: which accounts a request's cookies claim, and whether a session is still live. */
export { claimedSession, rememberedAccounts } from './accounts/claimedAccounts'
export { isLiveSession } from './accounts/session'

/** What the config hands the process: session checks on the primary, the early signed-in answers. */
export { keepMeAnswers } from './accounts/keptMe'
export { checkSessionsOnPrimary } from './accounts/knownUsers'
export { memberReads } from './accounts/memberReads'
export { pageStateFirst } from './accounts/pageState'
