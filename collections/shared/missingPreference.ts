import type { SanitizedConfig } from 'payload'

import { refuse } from '@/server/http/requests'

/**
 * Payload's DELETE /api/payload-preferences/:key of a key the member has no preference for
 * fails in the Postgres adapter (its delete looks the row up again by a where on the owner
 * relationship, which its query cannot join): a 500 anyone signed in could cause. The route
 * answers 404 for a missing preference first, as Payload meant it to: Payload's handler, wrapped
 * in the built config (payload.config.ts).
 */
export function answerMissingPreference(config: SanitizedConfig): SanitizedConfig {
  const collection = config.collections.find((c) => c.slug === 'payload-preferences')
  const endpoint = collection?.endpoints
    ? collection.endpoints.find((e) => e.method === 'delete' && e.path === '/:key')
    : undefined
  if (!endpoint) return config
  const remove = endpoint.handler
  endpoint.handler = async (req) => {
    const key = String(req.routeParams?.key ?? '')
    if (req.user) {
      const { totalDocs } = await req.payload.count({
        collection: 'payload-preferences',
        where: {
          key: { equals: key },
          'user.value': { equals: req.user.id },
          'user.relationTo': { equals: req.user.collection },
        },
        req,
      })
      if (totalDocs === 0) return refuse(404, 'Not Found')
    }
    return remove(req)
  }
  return config
}
