import type { AddressInfo } from 'node:net'

import type { Payload } from 'payload'

import { createSiteServer } from '@/server/site/site'

export interface HttpSite {
  base: string
  /** A JSON request as a browser on the site sends it (its Origin, the session cookie). */
  call: <T = Record<string, unknown>>(
    method: string,
    path: string,
    options?: { body?: unknown; cookie?: string },
  ) => Promise<{ status: number; body: T; message?: string }>
  close: () => Promise<void>
}

/** What the collections add to the site's routes, as the process hands them to its server. */
export async function collectionRoutesOf(payload: Payload) {
  // Imported here, not at the top: the config reads the settings the int harness sets first.
  const { collectionRoutes } = await import('@payload-config')
  return collectionRoutes(payload)
}

/**
 * The int test's Payload behind the site's own HTTP server (src/server/site/site.ts), on a free
 * loopback port: requests pass what the running server puts in front of the API (host and origin
 * checks, the content-type filter, rate limits). No site build: pages answer 404. `port`: the one
 * the site was told it is served on (its PUBLIC_URL), else any free one.
 */
export async function serveOverHttp(payload: Payload, port = 0): Promise<HttpSite> {
  const server = await createSiteServer({
    payload,
    config: payload.config,
    routes: await collectionRoutesOf(payload),
    realtimeReady: () => true,
    log: () => {},
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const call: HttpSite['call'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { origin: base }
    if (options.cookie) headers.cookie = options.cookie
    if (options.body !== undefined) headers['content-type'] = 'application/json'
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    })
    const text = await response.text()
    const body = (text ? JSON.parse(text) : {}) as never
    const errors = (body as { errors?: { message: string }[] }).errors
    return { status: response.status, body, message: errors?.[0]?.message }
  }
  return {
    base,
    call,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
