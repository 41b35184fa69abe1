import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { precompressBuild, StaticSite } from '@/server/site/staticSite'

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'belong-static-'))
const client = path.join(root, 'client')
const page = `<!doctype html><title>Brixton</title>${'<p>Market, music and murals.</p>'.repeat(50)}`
fs.mkdirSync(path.join(client, 'neighbourhood', 'brixton'), { recursive: true })
fs.mkdirSync(path.join(client, '_astro'), { recursive: true })
fs.writeFileSync(path.join(client, 'index.html'), 'home')
fs.writeFileSync(path.join(client, 'neighbourhood', 'brixton', 'index.html'), page)
fs.writeFileSync(path.join(client, '_astro', 'island.abc123.js'), 'export const x = 1;'.repeat(100))
fs.writeFileSync(path.join(root, 'secret.txt'), 'outside the served folder')

let base = ''
let server: http.Server
beforeAll(async () => {
  await precompressBuild(client)
  const site = new StaticSite(client)
  server = http.createServer((req, res) => {
    if (!site.serve(req, res, new URL(req.url!, 'http://x').pathname)) res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => {
  server.close()
  fs.rmSync(root, { recursive: true, force: true })
})

const get = (url: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve) => {
    http.get(`${base}${url}`, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      )
    })
  })

describe('the static site', () => {
  it('maps routes to their prerendered pages, and nothing else', async () => {
    expect((await get('/')).body.toString()).toBe('home')
    for (const url of ['/neighbourhood/brixton', '/neighbourhood/brixton/']) {
      expect((await get(url)).body.toString()).toBe(page)
    }
    expect((await get('/neighbourhood/new-place')).status).toBe(404)
    expect((await get('/../secret.txt')).status).toBe(404)
    expect((await get('/%2e%2e/secret.txt')).status).toBe(404)
    expect((await get('/%E0%A4%A')).status).toBe(404)
  })

  it('sends brotli or gzip as the client accepts, precompressed at build', async () => {
    const br = await get('/neighbourhood/brixton', { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toBe('accept-encoding')
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(page)
    expect(br.body.length).toBeLessThan(page.length / 5)
    const gz = await get('/neighbourhood/brixton', { 'accept-encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gz.body).toString()).toBe(page)
    const plain = await get('/neighbourhood/brixton')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toBe(page)
  })

  it('answers 304 to a matching ETag, and caches hashed assets for a year', async () => {
    const first = await get('/neighbourhood/brixton')
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/)
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate')
    const again = await get('/neighbourhood/brixton', { 'if-none-match': first.headers.etag! })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
    const asset = await get('/_astro/island.abc123.js')
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })
})
