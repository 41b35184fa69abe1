import http from 'node:http'
import type { AddressInfo } from 'node:net'

import Provider, { type KoaContextWithOIDC } from 'oidc-provider'

import { OIDC_CLIENT, oidcIssuer } from './oidcSettings'

/**
 * A real OpenID Connect provider (oidc-provider 9) for the sign-in tests, on `localhost` while
 * the app runs on 127.0.0.1: two different sites, as Google and Belong are.
 *
 * There is no login screen: the interaction logs in the person named by `login_hint`, else
 * the one the test chose with `signInAs(email)`, at once; with nobody chosen it refuses
 * (access_denied). Consent is implied (first-party client), as with Google after the first time.
 */
export interface Person {
  sub: string
  email: string
  email_verified: boolean
  name: string
}

export { OIDC_CLIENT }

export interface TestProvider {
  issuer: string
  people: Map<string, Person>
  /** Who the next sign-in at the provider will be (null: the person refuses). */
  signInAs: (email: string | null) => void
  close: () => Promise<void>
}

export async function startOidcProvider(options: {
  port: number
  redirectUris: string[]
  people?: Person[]
}): Promise<TestProvider> {
  const issuer = oidcIssuer(options.port)
  let chosen: string | null = null
  const people = new Map((options.people ?? []).map((p) => [p.email, p]))
  const bySub = (sub: string) => [...people.values()].find((p) => p.sub === sub)

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Like Google: the ID token carries the e-mail and name.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ['belong-test-cookie-key'] },
    pkce: { required: () => true },
    async findAccount(_ctx: KoaContextWithOIDC, sub: string) {
      const person = bySub(sub)
      if (!person) return undefined
      return { accountId: sub, claims: () => ({ ...person }) }
    },
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const clientId = ctx.oidc.client!.clientId
      const existing = ctx.oidc.session!.grantIdFor(clientId)
      if (existing) return ctx.oidc.provider.Grant.find(existing)
      const grant = new ctx.oidc.provider.Grant({
        clientId,
        accountId: ctx.oidc.session!.accountId!,
      })
      grant.addOIDCScope('openid email profile')
      await grant.save()
      return grant
    },
  })

  const callback = provider.callback()
  const server = http.createServer((req, res) => {
    if (!req.url?.startsWith('/interaction/')) return callback(req, res)
    void (async () => {
      const details = await provider.interactionDetails(req, res)
      const hint = String(details.params.login_hint ?? '')
      const person = people.get(hint) ?? (chosen === null ? undefined : people.get(chosen))
      const result = person
        ? { login: { accountId: person.sub } }
        : { error: 'access_denied', error_description: 'the account refused to sign in' }
      await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false })
    })().catch((error: unknown) => {
      res.statusCode = 500
      res.end(String(error))
    })
  })
  await new Promise<void>((resolve) => server.listen(options.port, 'localhost', resolve))
  const { port } = server.address() as AddressInfo
  return {
    issuer: oidcIssuer(port),
    people,
    signInAs: (email) => {
      chosen = email
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
