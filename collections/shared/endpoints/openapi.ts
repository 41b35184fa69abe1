import type { Endpoint } from 'payload'

import { describeApi } from '@/server/http/openapi/describe'

let described: string | undefined

/** GET /api/openapi.json: the API's description (OpenAPI 3.1), written once per process. */
export const openApiDescription: Endpoint = {
  path: '/openapi.json',
  method: 'get',
  handler: (req) => {
    described ??= JSON.stringify(describeApi(req.payload.config, '1'))
    return new Response(described, {
      headers: { 'content-type': 'application/json', 'cache-control': 'public, max-age=300' },
    })
  },
}
