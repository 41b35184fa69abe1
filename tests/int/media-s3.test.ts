import fs from 'node:fs'
import path from 'node:path'

import { handleEndpoints } from 'payload'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, it } from 'vitest'

import type { Media } from '@/payload-types'
import { startS3, type S3Stand } from '@tests/support/s3'
import { makeUser, startTestSite, type TestSite } from './harness'
import { makeImage, makeLargePng, uploadMedia } from './images'

/**
 * Media in an S3-compatible bucket (S3_* settings, so instances share it): a local s3rver started
 * for this file, Payload configured from the environment like `npm start` (startTestSite sets S3_*
 * before payload.config.ts is imported: each test file is its own process).
 */

let s3: S3Stand
let site: TestSite
let alice: Awaited<ReturnType<typeof makeUser>>

beforeAll(async () => {
  s3 = await startS3()
  site = await startTestSite(s3.env)
  alice = await makeUser(site, 'alice')
})
afterAll(async () => {
  await site?.close()
  await s3?.stop()
})

type Created = { doc: Media }
type Refused = { errors: { message: string }[] }

/** GET through the app's own router, as a browser asks for the URL the app handed out. */
const browserGet = (url: string, headers: Record<string, string> = {}) =>
  handleEndpoints({
    config: site.payload.config,
    request: new Request(new URL(url, 'http://localhost'), { headers }),
  })

const localFiles = () => {
  const dir = path.join(site.dataDir, 'media')
  return fs.existsSync(dir) ? fs.readdirSync(dir) : []
}

it('stores the original and every size in the bucket, serves them through the app, and deletes them', async () => {
  const big = await makeImage('jpeg', 1600, 900)
  const created = await uploadMedia<Created>(
    site,
    { data: big, name: 'market.jpg', type: 'image/jpeg' },
    { purpose: 'neighbourhood-image', alt: 'Market' },
    alice.cookie,
  )
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const doc = created.body.doc
  expect(doc.mimeType).toBe('image/webp')
  const sizes = doc.sizes!
  expect(Object.keys(sizes).sort()).toEqual(['card', 'hero', 'thumbnail'])
  expect([sizes.thumbnail!.width, sizes.card!.width, sizes.hero!.width]).toEqual([320, 640, 1280])

  // Objects in the bucket, named as the document says; nothing on the app's disk.
  const names = [doc.filename!, ...Object.values(sizes).map((s) => s!.filename!)].sort()
  expect(await s3.keys()).toEqual(names)
  expect(localFiles()).toEqual([])
  for (const name of names) {
    const object = await s3.object(name)
    expect(object.contentType).toBe('image/webp')
    expect(object.bytes.subarray(8, 12).toString('latin1')).toBe('WEBP')
  }

  // The URLs the app hands out stay /api/media/file/<name> (behind Payload's read access), and
  // the app streams the bucket's bytes.
  const urls = [doc.url!, ...Object.values(sizes).map((s) => s!.url!)]
  for (const url of urls) expect(url).toMatch(/^\/api\/media\/file\/[^/]+\.webp$/)
  for (const [i, url] of urls.entries()) {
    const res = await browserGet(url)
    expect(res.status, url).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/webp')
    const bytes = Buffer.from(await res.arrayBuffer())
    const name = decodeURIComponent(url.split('/').pop()!)
    expect(bytes.equals((await s3.object(name)).bytes)).toBe(true)
    const { width } = await sharp(bytes).metadata()
    expect(width).toBe([1600, 320, 640, 1280][i])
  }
  // A conditional request for the same file is answered without the body.
  const first = await browserGet(doc.url!)
  const etag = first.headers.get('etag')
  expect(etag).toBeTruthy()
  expect((await browserGet(doc.url!, { 'if-none-match': etag! })).status).toBe(304)
  // A name that is not in the bucket is a 404, not a fault.
  expect((await browserGet('/api/media/file/nothing-here.webp')).status).toBe(404)

  // Deleting the media deletes its objects.
  const deleted = await site.api('DELETE', `/api/media/${doc.id}`, { cookie: alice.cookie })
  expect(deleted.status).toBe(200)
  expect(await s3.keys()).toEqual([])
  expect((await browserGet(doc.url!)).status).toBe(404)
})

it('keeps the upload rules with S3: content checks, size limits and the avatar square', async () => {
  const before = await s3.keys()
  const refusals = [
    {
      file: { data: Buffer.from('I am definitely a picture of Peckham Rye.'), name: 'peckham.png' },
      purpose: 'neighbourhood-image',
      answer: [400, 'Please upload a valid image file.'],
    },
    {
      file: { data: await makeLargePng(3 * 1024 * 1024), name: 'big.png' },
      purpose: 'review-photo',
      answer: [400, 'Image too large. Max size is 2MB.'],
    },
    {
      file: { data: await makeLargePng(6 * 1024 * 1024), name: 'huge.png' },
      purpose: 'neighbourhood-image',
      // Under the largest upload (10 MB photos): refused by its purpose's own limit.
      answer: [400, 'Image must be less than 5MB.'],
    },
  ]
  for (const { file, purpose, answer } of refusals) {
    const refused = await uploadMedia<Refused>(
      site,
      { ...file, type: 'image/png' },
      { purpose },
      alice.cookie,
    )
    expect([refused.status, refused.body.errors[0]!.message], file.name).toEqual(answer)
  }
  // Nothing refused reached the bucket.
  expect(await s3.keys()).toEqual(before)

  const avatar = await uploadMedia<Created>(
    site,
    { data: await makeImage('png', 900, 500), name: 'me.png', type: 'image/png' },
    { purpose: 'avatar' },
    alice.cookie,
  )
  expect(avatar.status).toBe(201)
  const stored = await s3.object(avatar.body.doc.filename!)
  const { width, height } = await sharp(stored.bytes).metadata()
  expect([width, height]).toEqual([500, 500])
  expect(localFiles()).toEqual([])
})
