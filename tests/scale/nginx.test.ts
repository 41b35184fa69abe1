import { spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import https from 'node:https'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'

import PusherServer from 'pusher'
import PusherClient from 'pusher-js'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'

import type { Media } from '@/payload-types'
import { freePort } from '@/server/database/postgres'
import {
  freshDataDir,
  member,
  removeDataDir,
  startRealtimeRole,
  startSite,
  stopChild,
  waitFor,
  type Site,
} from '@tests/faults/harness'
import { makeImage } from '@tests/int/images'
import { wsClientOptions } from '@tests/realtime/helpers'
import { startS3, type S3Stand } from '@tests/support/s3'
import { NGINX, startFrontServer, type FrontServer } from './cluster'
import { UPLOAD_BODY_LIMIT } from '@/server/http/nodeFetch'

/**
 * The front server: `npm run nginx:config` writes a configuration, Debian's nginx runs it in front
 * of one real app instance and the realtime role (`npm run realtime`), all on 127.0.0.1. nginx
 * serves the prerendered pages from disk (even with the app stopped) and proxies the rest.
 */

const realtimeApp = {
  id: 'belong',
  key: 'nginx-test-key',
  secret: 'nginx-test-secret-'.padEnd(40, 'x'),
}

let dataDir = ''
let site: Site | undefined
let realtime: ChildProcess | undefined
let nginx: FrontServer | undefined
let front = ''
let realtimePort = 0
let certDir = ''
let tlsNginx: FrontServer | undefined
let s3: S3Stand | undefined

beforeAll(async () => {
  if (!fs.existsSync(NGINX))
    throw new Error(
      `${NGINX} is missing: this test needs Debian's nginx (apt-get install nginx-light)`,
    )
  dataDir = freshDataDir(inject('faultsTemplate'), 'nginx')

  // The realtime role on its own port.
  realtimePort = await freePort()
  realtime = (await startRealtimeRole(realtimeApp, realtimePort)).proc

  // One app instance, as behind any front server. No PUBLIC_URL: a local site answers every
  // loopback name, and nothing else (so a Host nginx did not pass on would be refused).
  // Media in a local S3 stand-in (s3rver), as a scaled-out site keeps them.
  s3 = await startS3()
  site = await startSite(dataDir, { TRUST_PROXY: 'true', PUBLIC_URL: '', ...s3.env })

  const nginxPort = await freePort()
  front = `http://127.0.0.1:${nginxPort}`
  nginx = await startFrontServer(
    [
      `--listen=127.0.0.1:${nginxPort}`,
      `--app=127.0.0.1:${site.port}`,
      `--realtime=127.0.0.1:${realtimePort}`,
      `--data-dir=${dataDir}`,
    ],
    { readyUrl: `${front}/healthz` },
  )
})

afterAll(async () => {
  await tlsNginx?.stop()
  if (certDir) fs.rmSync(certDir, { recursive: true, force: true })
  await nginx?.stop()
  await site?.stop()
  await stopChild(realtime)
  await s3?.stop()
  if (dataDir) await removeDataDir(dataDir)
})

interface Raw {
  status: number
  headers: http.IncomingHttpHeaders
  body: Buffer
}

/** A GET without fetch's automatic decompression, to see what went over the wire. */
function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      )
      res.on('error', reject)
    })
    req.setTimeout(20_000, () => req.destroy(new Error(`${url} timed out`)))
    req.on('error', reject)
    req.end()
  })
}

const SECURITY_HEADERS = [
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'permissions-policy',
  'cross-origin-opener-policy',
  'content-security-policy',
]

const clientDir = () => path.join(dataDir, 'site', 'current', 'client')
/** A prerendered page in a folder (e.g. /map), by its clean URL. */
const folderPage = () => {
  const name = fs
    .readdirSync(clientDir(), { withFileTypes: true })
    .find((e) => e.isDirectory() && fs.existsSync(path.join(clientDir(), e.name, 'index.html')))
  if (!name) throw new Error(`no prerendered page in a folder of ${clientDir()}`)
  return `/${name.name}`
}

test('prerendered pages and hashed assets come from disk: gzip, ETag/304, caching, the app’s security headers', async () => {
  const page = await get(`${front}/`)
  expect(page.status).toBe(200)
  expect(page.headers['x-belong-render']).toBe('static')
  expect(page.headers['content-type']).toMatch(/^text\/html/)
  expect(page.body.equals(fs.readFileSync(path.join(clientDir(), 'index.html')))).toBe(true)
  expect(page.headers['cache-control']).toBe('public, max-age=0, must-revalidate')

  // The same headers the app sends for the same page (src/server/http/security.ts).
  const fromApp = await get(`${site!.url}/`)
  expect(fromApp.headers['x-belong-render']).toBe('static')
  for (const name of SECURITY_HEADERS) {
    expect(page.headers[name], name).toBeTruthy()
    expect(page.headers[name], name).toBe(fromApp.headers[name])
  }
  expect(page.headers['content-security-policy']).toContain("'sha256-")

  // The precompressed .gz beside the page, as is.
  const gz = await get(`${front}/`, { 'accept-encoding': 'gzip' })
  expect(gz.headers['content-encoding']).toBe('gzip')
  expect(gz.headers.vary).toMatch(/accept-encoding/i)
  expect(gz.body.equals(fs.readFileSync(path.join(clientDir(), 'index.html.gz')))).toBe(true)
  expect(zlib.gunzipSync(gz.body).equals(page.body)).toBe(true)

  // Revalidation.
  const etag = page.headers.etag!
  expect(etag).toBeTruthy()
  const again = await get(`${front}/`, { 'if-none-match': etag })
  expect(again.status).toBe(304)
  expect(again.body.length).toBe(0)

  // A page in a folder, by its clean URL.
  const inFolder = await get(`${front}${folderPage()}`)
  expect(inFolder.status).toBe(200)
  expect(inFolder.headers['x-belong-render']).toBe('static')
  const withSlash = await get(`${front}${folderPage()}/`)
  expect(withSlash.body.equals(inFolder.body)).toBe(true)

  // A hashed asset: cached for good.
  const asset = fs.readdirSync(path.join(clientDir(), '_astro')).find((f) => f.endsWith('.js'))!
  const js = await get(`${front}/_astro/${asset}`, { 'accept-encoding': 'gzip' })
  expect(js.status).toBe(200)
  expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  expect(js.headers['content-type']).toMatch(/javascript/)
})

test('the API, on-demand pages, health and body limits go to the app', async () => {
  const api = await get(`${front}/api/neighbourhoods?limit=1&depth=0`)
  // The app refuses a Host that is not its own (421): nginx passed the browser's on.
  expect(api.status, api.body.toString()).toBe(200)
  expect(api.headers['content-type']).toMatch(/application\/json/)
  expect(JSON.parse(api.body.toString())).toHaveProperty('docs')
  // The app's own headers, once (nginx adds none to proxied answers).
  expect(api.headers['x-frame-options']).toBe('DENY')
  expect(api.headers['content-security-policy']).toBe(
    "frame-ancestors 'none'; object-src 'none'; base-uri 'self'",
  )

  const polls = await get(`${front}/polls`)
  expect(polls.status).toBe(200)
  expect(polls.headers['x-belong-render']).toBe('on-demand')
  expect(polls.body.toString()).toContain('<html')

  // A filter or pager of a static page is the app's to render (src/rules/pageQueries.ts);
  // any other query string gets the static file.
  const filtered = await get(`${front}/neighbourhoods?vibe=Calm`)
  expect(filtered.status).toBe(200)
  expect(filtered.headers['x-belong-render']).toBe('on-demand')
  expect(filtered.body.toString()).toMatch(/aria-pressed="true"[^>]*>Calm</)
  const tagged = await get(`${front}/neighbourhoods?utm_source=mail`)
  expect(tagged.headers['x-belong-render']).toBe('static')

  // A form posted to a static page, and the page after it (its one-time message), are the app's.
  const posted = await get(
    `${front}/neighbourhoods?_form=no-such-form`,
    { 'content-type': 'application/x-www-form-urlencoded' },
    'POST',
  )
  expect(posted.status).toBe(404)
  expect(posted.body.toString()).toBe('There is no such form.')
  const after = await get(`${front}/neighbourhoods`, { cookie: 'belong_flash=Thanks%20a%20lot' })
  expect(after.headers['x-belong-render']).toBe('on-demand')
  expect(after.body.toString()).toMatch(/class="flash"[^>]*>Thanks a lot</)
  expect(String(after.headers['set-cookie'])).toMatch(/^belong_flash=;.*Max-Age=0/)

  const missing = await get(`${front}/no-such-page-${Date.now()}`)
  expect(missing.status).toBe(404)

  const health = await get(`${front}/healthz`)
  expect(health.status).toBe(200)

  // An upload bigger than the app takes is refused by nginx before it reaches the app.
  const tooBig = await new Promise<number>((resolve, reject) => {
    const req = http.request(`${front}/api/media`, {
      method: 'POST',
      headers: {
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(UPLOAD_BODY_LIMIT + 1024 * 1024),
      },
    })
    req.on('response', (res) => {
      res.resume()
      resolve(res.statusCode!)
      req.destroy()
    })
    req.on('error', reject)
    req.write(Buffer.alloc(64 * 1024))
  })
  expect(tooBig).toBe(413)
})

test('an upload through nginx lands in the S3 bucket with its sizes and is served back at its URLs', async () => {
  const who = await member(front)
  const form = new FormData()
  const jpeg = await makeImage('jpeg', 1600, 900)
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'street.jpg')
  form.append('_payload', JSON.stringify({ purpose: 'neighbourhood-image', alt: 'A street' }))
  const { authorization, origin } = who.headers
  const created = await fetch(`${front}/api/media`, {
    method: 'POST',
    headers: { authorization, origin },
    body: form,
  })
  expect(created.status, await created.clone().text()).toBe(201)
  const { doc } = (await created.json()) as { doc: Media }
  const sizes = Object.values(doc.sizes!)
  expect(sizes).toHaveLength(3)
  const names = [doc.filename!, ...sizes.map((s) => s.filename!)]
  expect(await s3!.mediaKeys()).toEqual([...names].sort())
  expect(fs.existsSync(path.join(dataDir, 'media', doc.filename!))).toBe(false)
  for (const url of [doc.url!, ...sizes.map((s) => s.url!)]) {
    const file = await get(`${front}${url}`)
    expect(file.status, url).toBe(200)
    expect(file.headers['content-type']).toBe('image/webp')
    const name = decodeURIComponent(url.split('/').pop()!)
    expect(file.body.equals((await s3!.object(name)).bytes)).toBe(true)
  }
  const deleted = await fetch(`${front}/api/media/${doc.id}`, {
    method: 'DELETE',
    headers: who.headers,
  })
  expect(deleted.status).toBe(200)
  expect(await s3!.mediaKeys()).toEqual([])
})

test('WebSockets through /app/ reach the realtime role; static pages outlive a stopped app', async () => {
  const client = new PusherClient(
    realtimeApp.key,
    wsClientOptions('127.0.0.1', Number(new URL(front).port)),
  )
  try {
    await waitFor(() => client.connection.state === 'connected', 20_000, 'pusher-js to connect')
    const channel = client.subscribe('nginx-test')
    await new Promise<void>((resolve) => channel.bind('pusher:subscription_succeeded', resolve))
    const received = new Promise<unknown>((resolve) => channel.bind('hello', resolve))
    // Published to the realtime role directly, as the app instances do (pusher SDK).
    const publisher = new PusherServer({
      appId: realtimeApp.id,
      key: realtimeApp.key,
      secret: realtimeApp.secret,
      host: '127.0.0.1',
      port: String(realtimePort),
      useTLS: false,
    })
    await publisher.trigger('nginx-test', 'hello', { through: 'nginx' })
    expect(await received).toEqual({ through: 'nginx' })

    // The app goes away: pages are still served by nginx, the API is not, the socket stays.
    expect(await site!.stop()).toBe(0)
    const page = await get(`${front}${folderPage()}`)
    expect(page.status).toBe(200)
    expect(page.headers['x-belong-render']).toBe('static')
    expect((await get(`${front}/api/neighbourhoods?limit=1`)).status).toBe(502)
    expect(client.connection.state).toBe('connected')
  } finally {
    client.disconnect()
  }
})

test('with --tls-cert/--tls-key nginx answers HTTPS, and --http-redirect sends plain HTTP there', async () => {
  certDir = fs.mkdtempSync(path.join(os.tmpdir(), 'belong-nginx-tls-'))
  fs.chmodSync(certDir, 0o755)
  const [cert, key] = [path.join(certDir, 'cert.pem'), path.join(certDir, 'key.pem')]
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
    ].concat(['-keyout', key, '-out', cert]),
    { encoding: 'utf8', timeout: 30_000 },
  )
  expect(made.status, made.stderr).toBe(0)
  const [tlsPort, plainPort] = [await freePort(), await freePort()]
  tlsNginx = await startFrontServer([
    `--listen=127.0.0.1:${tlsPort}`,
    `--tls-cert=${cert}`,
    `--tls-key=${key}`,
    `--http-redirect=127.0.0.1:${plainPort}`,
    `--app=127.0.0.1:${site!.port}`,
    `--data-dir=${dataDir}`,
  ])
  const httpsGet = () =>
    new Promise<Raw>((resolve, reject) => {
      const req = https.request(
        `https://127.0.0.1:${tlsPort}${folderPage()}`,
        { rejectUnauthorized: false, headers: { 'accept-encoding': 'gzip' } },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => chunks.push(chunk))
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
          )
        },
      )
      req.on('error', reject)
      req.end()
    })
  let page: Raw | undefined
  await waitFor(
    async () => (page = await httpsGet().catch(() => undefined)) !== undefined,
    20_000,
    'nginx with TLS',
  )
  expect(page!.status).toBe(200)
  expect(page!.headers['x-belong-render']).toBe('static')
  expect(page!.headers['content-encoding']).toBe('gzip')
  const plain = await get(`http://127.0.0.1:${plainPort}/map`)
  expect(plain.status).toBe(301)
  expect(plain.headers.location).toBe('https://127.0.0.1/map')
})
