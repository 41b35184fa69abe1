import fs from 'node:fs'
import path from 'node:path'

import { beforeAll, describe, expect, it } from 'vitest'

import { testSiteForFile, USUAL_PEOPLE } from './harness'
import { makeImage, makeLargePng, uploadMedia } from './images'

type MediaDoc = {
  id: number
  filename: string
  mimeType: string
  width: number
  height: number
  purpose: string
  alt?: string
  uploadedBy: number | { id: number }
  sizes: Record<string, { width: number; mimeType: string; filename: string }>
}
type Created = { doc: MediaDoc }
type Refused = { errors: { message: string }[] }

let png: Buffer
const { site, alice, bob, editor } = testSiteForFile(USUAL_PEOPLE, async () => {
  png = await makeImage('png', 400, 300)
})

const mediaCount = async () => (await site.payload.count({ collection: 'media' })).totalDocs
const storedFiles = () => {
  const dir = path.join(site.dataDir, 'media')
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0
}
const idOf = (value: number | { id: number }) => (typeof value === 'object' ? value.id : value)

/** Uploads that must be refused: the status, the message, and nothing stored. */
async function expectRefused(
  file: { data: Buffer; name: string; type: string },
  data: Record<string, unknown>,
  status: number,
  message: string,
) {
  const [before, filesBefore] = [await mediaCount(), storedFiles()]
  const result = await uploadMedia<Refused>(site, file, data, alice.cookie)
  expect(result.status).toBe(status)
  expect(result.body.errors[0]!.message).toBe(message)
  expect(await mediaCount()).toBe(before)
  expect(storedFiles()).toBe(filesBefore)
}

describe('uploads judged by content', () => {
  it('refuses visitors', async () => {
    const result = await uploadMedia(
      site,
      { data: png, name: 'a.png', type: 'image/png' },
      { purpose: 'avatar' },
    )
    expect(result.status).toBe(403)
    expect(await mediaCount()).toBe(0)
  })

  it('accepts a PNG named .jpg and declared image/jpeg, as the PNG it is, stored as WebP', async () => {
    const result = await uploadMedia<Created>(
      site,
      { data: png, name: 'holiday.jpg', type: 'image/jpeg' },
      { purpose: 'review-photo', alt: 'Market stalls', uploadedBy: bob.id },
      alice.cookie,
    )
    expect(result.status).toBe(201)
    const doc = result.body.doc
    expect(doc.mimeType).toBe('image/webp')
    expect(doc.filename).toMatch(/\.webp$/)
    expect([doc.width, doc.height]).toEqual([400, 300])
    expect(doc.purpose).toBe('review-photo')
    // The uploader is the session's user, whatever the body says.
    expect(idOf(doc.uploadedBy)).toBe(alice.id)
  })

  it('produces WebP variants next to the WebP original', async () => {
    const big = await makeImage('jpeg', 1600, 900)
    const result = await uploadMedia<Created>(
      site,
      { data: big, name: 'hero.jpg', type: 'image/jpeg' },
      { purpose: 'neighbourhood-image' },
      alice.cookie,
    )
    expect(result.status).toBe(201)
    const { sizes } = result.body.doc
    expect(Object.keys(sizes).sort()).toEqual(['card', 'hero', 'thumbnail'])
    expect(sizes.thumbnail!.width).toBe(320)
    expect(sizes.card!.width).toBe(640)
    expect(sizes.hero!.width).toBe(1280)
    for (const size of Object.values(sizes)) {
      expect(size.mimeType).toBe('image/webp')
      const stored = fs.readFileSync(path.join(site.dataDir, 'media', size.filename))
      expect(stored.subarray(8, 12).toString('latin1')).toBe('WEBP')
    }
  })

  it.each(['webp', 'gif'] as const)('accepts a %s', async (format) => {
    const result = await uploadMedia<Created>(
      site,
      { data: await makeImage(format), name: `x.${format}`, type: `image/${format}` },
      { purpose: 'story-image' },
      alice.cookie,
    )
    expect(result.status).toBe(201)
  })

  it('refuses a text file declared image/png', async () => {
    const text = Buffer.from('I am definitely a picture of Peckham Rye.')
    await expectRefused(
      { data: text, name: 'peckham.png', type: 'image/png' },
      { purpose: 'neighbourhood-image' },
      400,
      'Please upload a valid image file.',
    )
    await expectRefused(
      { data: text, name: 'cafe.png', type: 'image/png' },
      { purpose: 'business-image' },
      400,
      'Invalid file type. Use JPG, PNG, WEBP, or GIF.',
    )
  })

  it('refuses an image type the product does not take (TIFF)', async () => {
    const tiff = await makeImage('tiff')
    await expectRefused(
      { data: tiff, name: 'scan.tiff', type: 'image/tiff' },
      { purpose: 'business-image' },
      400,
      'Invalid file type. Use JPG, PNG, WEBP, or GIF.',
    )
    await expectRefused(
      { data: tiff, name: 'scan.jpg', type: 'image/jpeg' },
      { purpose: 'event-image' },
      400,
      'Please upload a valid image file.',
    )
  })

  it('refuses JPEG magic bytes that sharp cannot decode', async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)])
    await expectRefused(
      { data: fake, name: 'broken.jpg', type: 'image/jpeg' },
      { purpose: 'avatar' },
      400,
      'Please upload a valid image file.',
    )
  })

  it('refuses a small file that decodes to more than 40 megapixels (a decompression bomb)', async () => {
    const bomb = await makeImage('png', 8000, 6000)
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024)
    await expectRefused(
      { data: bomb, name: 'wide.png', type: 'image/png' },
      { purpose: 'review-photo' },
      400,
      'Image is too large (at most 40 megapixels, 100 frames).',
    )
  })

  it('refuses an upload that does not say what it is for', async () => {
    await expectRefused(
      { data: png, name: 'a.png', type: 'image/png' },
      { alt: 'no purpose' },
      400,
      'Please say what the image is for.',
    )
  })
})

describe('size limits by purpose (SPEC §5, §9)', () => {
  let threeMb: Buffer
  beforeAll(async () => {
    threeMb = await makeLargePng(3 * 1024 * 1024)
  })

  it('refuses a 3 MB review photo and local-spot image, takes it as a neighbourhood image', async () => {
    expect(threeMb.length).toBeGreaterThan(3 * 1024 * 1024)
    const file = { data: threeMb, name: 'big.png', type: 'image/png' }
    await expectRefused(file, { purpose: 'review-photo' }, 400, 'Image too large. Max size is 2MB.')
    await expectRefused(
      file,
      { purpose: 'business-image' },
      400,
      'Image too large. Max size is 2MB.',
    )
    const accepted = await uploadMedia(site, file, { purpose: 'neighbourhood-image' }, alice.cookie)
    expect(accepted.status).toBe(201)
  })

  it("refuses a 6 MB neighbourhood image by its purpose's limit", async () => {
    const sixMb = await makeLargePng(6 * 1024 * 1024)
    await expectRefused(
      { data: sixMb, name: 'huge.png', type: 'image/png' },
      { purpose: 'neighbourhood-image' },
      400,
      'Image must be less than 5MB.',
    )
  })

  it('refuses an image over the largest limit (10 MB, lost and found photos) before reading it all', async () => {
    const elevenMb = await makeLargePng(11 * 1024 * 1024)
    await expectRefused(
      { data: elevenMb, name: 'huge.png', type: 'image/png' },
      { purpose: 'lost-found-photo' },
      413,
      'Image must be less than 10MB.',
    )
  })

  it('checks a replacement file against the purpose it was uploaded for', async () => {
    const created = await uploadMedia<Created>(
      site,
      { data: png, name: 'a.png', type: 'image/png' },
      { purpose: 'review-photo' },
      alice.cookie,
    )
    const id = created.body.doc.id
    const replaced = await uploadMedia<Refused>(
      site,
      { data: threeMb, name: 'b.png', type: 'image/png' },
      { purpose: 'neighbourhood-image' },
      alice.cookie,
      `/api/media/${id}`,
      'PATCH',
    )
    expect(replaced.status).toBe(400)
    expect(replaced.body.errors[0]!.message).toBe('Image too large. Max size is 2MB.')
    const reread = await site.payload.findByID({ collection: 'media', id })
    expect(reread.purpose).toBe('review-photo')
    expect(reread.filename).toBe(created.body.doc.filename)
  })
})

describe('who may change uploads', () => {
  let id: number
  beforeAll(async () => {
    const created = await uploadMedia<Created>(
      site,
      { data: png, name: 'mine.png', type: 'image/png' },
      { purpose: 'review-photo', alt: 'first' },
      alice.cookie,
    )
    id = created.body.doc.id
  })

  it('lets anyone read', async () => {
    const read = await site.api<MediaDoc>('GET', `/api/media/${id}`)
    expect(read.status).toBe(200)
    expect(read.body.alt).toBe('first')
  })

  it('lets only the uploader or staff edit, and never the purpose', async () => {
    const byBob = await site.api('PATCH', `/api/media/${id}`, {
      body: { alt: 'bob' },
      cookie: bob.cookie,
    })
    expect(byBob.status).toBe(403)
    const byAlice = await site.api('PATCH', `/api/media/${id}`, {
      body: { alt: 'second', purpose: 'neighbourhood-image', uploadedBy: bob.id },
      cookie: alice.cookie,
    })
    expect(byAlice.status).toBe(200)
    const byEditor = await site.api('PATCH', `/api/media/${id}`, {
      body: { alt: 'third' },
      cookie: editor.cookie,
    })
    expect(byEditor.status).toBe(200)
    const reread = await site.payload.findByID({ collection: 'media', id, depth: 0 })
    expect(reread.alt).toBe('third')
    expect(reread.purpose).toBe('review-photo')
    expect(reread.uploadedBy).toBe(alice.id)
  })

  it('lets only the uploader or staff delete', async () => {
    const byBob = await site.api('DELETE', `/api/media/${id}`, { cookie: bob.cookie })
    expect(byBob.status).toBe(403)
    expect((await site.api('GET', `/api/media/${id}`)).status).toBe(200)
    const byAlice = await site.api('DELETE', `/api/media/${id}`, { cookie: alice.cookie })
    expect(byAlice.status).toBe(200)
    expect((await site.api('GET', `/api/media/${id}`)).status).toBe(404)

    const other = await uploadMedia<Created>(
      site,
      { data: png, name: 'other.png', type: 'image/png' },
      { purpose: 'avatar' },
      bob.cookie,
    )
    const byEditor = await site.api('DELETE', `/api/media/${other.body.doc.id}`, {
      cookie: editor.cookie,
    })
    expect(byEditor.status).toBe(200)
  })
})
