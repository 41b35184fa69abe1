import { env } from './env'

/**
 * What browsers need to reach the realtime service: its key, and where it is when it is not this
 * origin. Every page carries it (Shell's `belong:realtime` meta), so the live connection starts
 * without a request; GET /api/realtime/config answers it for other clients. A change of it
 * changes the build's source hash, so static pages never carry an old one.
 */
export function publicRealtimeConfig() {
  const p = env.pusher
  const elsewhere = p.external && !p.sameOrigin
  return {
    key: p.key,
    cluster: p.cluster,
    wsHost: elsewhere ? (p.host ?? null) : null,
    wsPort: elsewhere ? (p.port ?? null) : null,
    forceTLS: elsewhere ? p.useTLS : null,
  }
}
