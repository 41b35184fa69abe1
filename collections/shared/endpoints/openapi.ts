import type { Endpoint } from 'payload'

import { describeApi } from '@/server/http/openapi/describe'
import { referencePage, referencePolicy, referenceScript } from '@/server/http/openapi/reference'

let described: string | undefined

/** GET /api/openapi.json: the API's description (OpenAPI 3.1), written once per process. */
const description: Endpoint = {
  path: '/openapi.json',
  method: 'get',
  handler: (req) => {
    described ??= JSON.stringify(describeApi(req.payload.config, '1'))
    return new Response(described, {
      headers: { 'content-type': 'application/json', 'cache-control': 'public, max-age=300' },
    })
  },
}

/** GET /api/docs: the description as a page to read. */
const reference: Endpoint = {
  path: '/docs',
  method: 'get',
  handler: () =>
    new Response(referencePage, {
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': referencePolicy,
        'cache-control': 'public, max-age=300',
      },
    }),
}

/** GET /api/docs/reference.js: the reference's script, from our own origin. */
const referenceCode: Endpoint = {
  path: '/docs/reference.js',
  method: 'get',
  handler: (req) => {
    const { gzip, plain } = referenceScript()
    const gzipped = /\bgzip\b/.test(req.headers.get('accept-encoding') ?? '')
    return new Response(new Uint8Array(gzipped ? gzip : plain), {
      headers: {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'public, max-age=86400',
        vary: 'accept-encoding',
        ...(gzipped ? { 'content-encoding': 'gzip' } : {}),
      },
    })
  },
}

export const openApiEndpoints = [description, reference, referenceCode]
