import * as client from 'openid-client'

import { env } from '@/server/config/env'

/**
 * The identity provider as openid-client sees it, discovered once from OIDC_ISSUER and kept.
 * A failed discovery is not kept: the next sign-in tries again.
 */
let cached: { key: string; config: Promise<client.Configuration> } | undefined

export function oidcSettings() {
  const settings = env.oidc
  return settings.clientId ? { ...settings, clientId: settings.clientId } : null
}

export function oidcClient(): Promise<client.Configuration> {
  const settings = oidcSettings()
  if (!settings) throw new Error('OIDC is not configured')
  const key = [settings.issuer, settings.clientId, settings.allowInsecure].join(' ')
  if (cached?.key !== key) {
    const config = client.discovery(
      new URL(settings.issuer),
      settings.clientId,
      settings.clientSecret,
      undefined,
      settings.allowInsecure ? { execute: [client.allowInsecureRequests] } : undefined,
    )
    cached = { key, config }
    config.catch(() => {
      if (cached?.config === config) cached = undefined
    })
  }
  return cached.config
}
