import * as client from 'openid-client'
import type { Endpoint } from 'payload'

import { ACCOUNT_MESSAGES, landingAfterSignIn, safeNextPath } from '@/rules/accounts'
import { mintSession, signedInUser } from '@collections/Users/accounts/session'
import {
  SecondFactorNeeded,
  challengeCookie,
  signChallenge,
} from '@collections/Users/twoFactor/requireCode'
import { siteOrigin } from '@collections/Users/siteOrigin'
import { accountFor, OidcFailure } from './account'
import { oidcClient, oidcSettings } from './client'
import {
  clearedTransactionCookie,
  readTransaction,
  transactionCookie,
  type Mode,
} from './transaction'

/**
 * "Continue with Google" (SPEC §2 /login, /register): OpenID Connect authorization code flow
 * with PKCE, state and nonce, against OIDC_ISSUER (Google by default).
 *
 * GET /api/auth/oidc/start?mode=login|register[&next=/path][&remember=1][&login_hint=e-mail]
 * GET /api/auth/oidc/callback — the provider sends the browser back here.
 *
 * Failures go back to /login?error=… or /register?error=…, where the page shows
 * 'Google login failed: …' or 'Google sign-up failed: …'.
 */
const modeOf = (value: string | null): Mode => (value === 'register' ? 'register' : 'login')

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * A 200 page that moves the browser on, instead of a 302. After a redirect chain that passed
 * through the provider, the browser labels the next request cross-site, and Payload (≥ 3.79.1,
 * with PUBLIC_URL set) then ignores the new session cookie: the first page would look signed
 * out. A page of our own ends that chain.
 */
function moveOn(location: string, cookies: string[]): Response {
  const href = escapeHtml(location)
  const headers = new Headers({
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
  })
  for (const cookie of cookies) headers.append('Set-Cookie', cookie)
  const html = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${href}"><title>Signing in… · Belong</title></head><body><p>Signing in… <a href="${href}">Continue</a></p></body></html>`
  return new Response(html, { status: 200, headers })
}

function failure(mode: Mode, message: string, cookies: string[] = []): Response {
  const page = mode === 'register' ? '/register' : '/login'
  return moveOn(`${page}?error=${encodeURIComponent(message)}`, cookies)
}

export const oidcStart: Endpoint = {
  path: '/auth/oidc/start',
  method: 'get',
  handler: async (req) => {
    const url = new URL(req.url ?? '', 'http://localhost')
    const mode = modeOf(url.searchParams.get('mode'))
    if (!oidcSettings()) return failure(mode, ACCOUNT_MESSAGES.oidcNotConfigured)
    let config: client.Configuration
    try {
      config = await oidcClient()
    } catch (error) {
      req.payload.logger.error({ err: error, msg: 'OIDC discovery failed' })
      return failure(mode, 'the sign-in service could not be reached')
    }
    const verifier = client.randomPKCECodeVerifier()
    const state = client.randomState()
    const nonce = client.randomNonce()
    const redirectUri = `${siteOrigin(req)}/api/auth/oidc/callback`
    const params: Record<string, string> = {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    }
    const hint = url.searchParams.get('login_hint')
    if (hint) params.login_hint = hint.slice(0, 200)
    const next = url.searchParams.get('next')
    const cookie = transactionCookie(req, {
      state,
      nonce,
      verifier,
      mode,
      next: next ? safeNextPath(next) : null,
      remember: url.searchParams.get('remember') === '1',
      redirectUri,
      at: Date.now(),
    })
    return new Response(null, {
      status: 302,
      headers: {
        location: client.buildAuthorizationUrl(config, params).href,
        'Set-Cookie': cookie,
        'cache-control': 'no-store',
      },
    })
  },
}

export const oidcCallback: Endpoint = {
  path: '/auth/oidc/callback',
  method: 'get',
  handler: async (req) => {
    const cleared = clearedTransactionCookie()
    const txn = readTransaction(req)
    const incoming = new URL(req.url ?? '', 'http://localhost')
    if (!txn) {
      return failure('login', 'the sign-in expired or was started elsewhere; please try again', [
        cleared,
      ])
    }
    const providerError = incoming.searchParams.get('error')
    if (providerError) {
      const description = incoming.searchParams.get('error_description')
      return failure(txn.mode, description || providerError, [cleared])
    }
    try {
      const config = await oidcClient()
      // Behind a proxy req.url may name an internal address: check against the URL we sent.
      const current = new URL(txn.redirectUri)
      current.search = incoming.search
      const tokens = await client.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: txn.verifier,
        expectedState: txn.state,
        expectedNonce: txn.nonce,
        idTokenExpected: true,
      })
      const claims = tokens.claims()
      if (!claims) throw new OidcFailure('no ID token was returned')
      let { email, email_verified: emailVerified, name } = claims as Record<string, unknown>
      if (typeof email !== 'string') {
        const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub)
        ;({ email, email_verified: emailVerified, name } = info as Record<string, unknown>)
      }
      const userId = await accountFor(req, {
        issuer: claims.iss,
        subject: claims.sub,
        email: typeof email === 'string' ? email : undefined,
        emailVerified: emailVerified === true || emailVerified === 'true',
        name: typeof name === 'string' ? name : undefined,
      })
      let session
      try {
        session = await mintSession(req, userId, txn.remember)
      } catch (error) {
        // Two-factor on: the provider vouched for the address; the code is still asked for.
        if (!(error instanceof SecondFactorNeeded)) throw error
        const challenge = challengeCookie(req, signChallenge(req, userId, txn.remember))
        const next = txn.next ? `&next=${encodeURIComponent(txn.next)}` : ''
        return moveOn(`/login?step=code${next}`, [cleared, challenge])
      }
      const user = await signedInUser(req, userId)
      return moveOn(landingAfterSignIn(user, txn.next), [cleared, session.cookie])
    } catch (error) {
      const message =
        error instanceof OidcFailure
          ? error.message
          : error instanceof client.ResponseBodyError
            ? error.error_description || error.error
            : (error as { status?: number }).status === 401
              ? (error as Error).message
              : 'the sign-in could not be completed'
      if (!(error instanceof OidcFailure)) {
        req.payload.logger.error({ err: error, msg: 'OIDC callback failed' })
      }
      return failure(txn.mode, message, [cleared])
    }
  },
}

export const oidcEndpoints = [oidcStart, oidcCallback]
