import http from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterEach, describe, expect, it } from 'vitest'

import { lateAdmin } from '@/server/process/admin'
import type { AdminHandler } from '@/server/site/site'

/** The admin while its first build runs: the site serves, /admin says it is being prepared. */
const servers: http.Server[] = []
afterEach(() => servers.splice(0).forEach((s) => s.close()))

async function serve(handler: AdminHandler): Promise<string> {
  const server = http.createServer((req, res) => void handler(req, res))
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)))
  return { promise, resolve, reject }
}

describe('the admin before it has started', () => {
  it('answers that it is being prepared, then hands every request to the admin once started', async () => {
    const started = deferred<AdminHandler>()
    const lines: string[] = []
    const base = await serve(
      lateAdmin(
        () => started.promise,
        (l) => lines.push(l),
      ),
    )

    const early = await fetch(`${base}/admin/collections/reviews`)
    expect(early.status).toBe(503)
    expect(early.headers.get('retry-after')).toBe('10')
    expect(early.headers.get('cache-control')).toBe('no-store')
    const page = await early.text()
    expect(page).toContain('The admin is being prepared')
    expect(page).toContain('http-equiv="refresh"')
    expect(page).toContain('href="/"')

    started.resolve(async (req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' })
      res.end(`admin: ${req.url}`)
    })
    await started.promise
    const later = await fetch(`${base}/admin/collections/reviews`)
    expect(later.status).toBe(200)
    expect(await later.text()).toBe('admin: /admin/collections/reviews')
    expect(lines.some((l) => l.startsWith('admin: ready in'))).toBe(true)
  })

  it('says plainly when the admin could not start, without reloading forever', async () => {
    const started = deferred<AdminHandler>()
    const lines: string[] = []
    const base = await serve(
      lateAdmin(
        () => started.promise,
        (l) => lines.push(l),
      ),
    )
    started.reject(new Error('next build failed (1)'))
    await started.promise.catch(() => {})
    const res = await fetch(`${base}/admin`)
    expect(res.status).toBe(503)
    const page = await res.text()
    expect(page).toContain('could not be started')
    expect(page).not.toContain('http-equiv="refresh"')
    expect(lines).toContain('admin: could not start: next build failed (1)')
  })
})
