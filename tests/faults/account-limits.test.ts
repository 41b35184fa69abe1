import fs from 'node:fs'
import path from 'node:path'

import { beforeAll, describe, expect, test } from 'vitest'

import { makeImage, makeLargePng } from '@tests/int/images'
import { member, type Site } from './harness'
import { faultSiteForFile } from '@tests/support/faultSite'

/**
 * Per-account limits on the real site: the per-IP limits are set out of the way, so what refuses
 * here is the account's own budget, whatever address it writes from. Accounts are made old by
 * moving the server's clock a day on (BELONG_TEST_CLOCK_FILE).
 */

let site: Site
const fault = faultSiteForFile('limits')
let clockFile = ''

beforeAll(async () => {
  clockFile = path.join(fault.dataDir, 'test-clock-offset')
  site = await fault.start({
    BELONG_TEST_CLOCK_FILE: clockFile,
    RATE_LIMITS: JSON.stringify({
      write: { max: 100_000, windowSeconds: 60 },
      upload: { max: 100_000, windowSeconds: 60 },
      signUp: { max: 1000, windowSeconds: 3600 },
      login: { max: 1000, windowSeconds: 60 },
      // Small upload budgets, so a few small images reach them.
      newAccountUpload: { max: 3, windowSeconds: 86_400 },
      newAccountUploadBytes: { max: 200_000, windowSeconds: 86_400 },
      // The unconfirmed accounts' posting budget is tested on its own (tests/int/sign-up-brakes).
      unconfirmedPost: { max: 100_000, windowSeconds: 3600 },
    }),
  })
})

type Who = Awaited<ReturnType<typeof member>>

const review = (who: Who, n: number) =>
  fetch(`${site.url}/api/reviews/new`, {
    method: 'POST',
    headers: who.headers,
    body: JSON.stringify({ neighbourhood: who.neighbourhood, rating: 4, comment: `limits ${n}` }),
  })

const react = (who: Who, reviewId: number, emoji: string) =>
  fetch(`${site.url}/api/reactions/toggle`, {
    method: 'POST',
    headers: who.headers,
    body: JSON.stringify({ targetKind: 'review', targetId: reviewId, emoji }),
  })

const upload = (who: Who, data: Buffer) => {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(data)], { type: 'image/png' }), 'photo.png')
  form.append('_payload', JSON.stringify({ purpose: 'review-photo', alt: 'A street' }))
  const { authorization, origin } = who.headers
  return fetch(`${site.url}/api/media`, {
    method: 'POST',
    headers: { authorization: authorization!, origin: origin! },
    body: form,
  })
}

/** The one answer every limit gives: 429, Retry-After, the same words with the same seconds. */
async function expectLimited(res: Response) {
  expect(res.status).toBe(429)
  const retryAfter = Number(res.headers.get('retry-after'))
  expect(retryAfter).toBeGreaterThan(0)
  const body = (await res.json()) as { errors: { message: string }[] }
  expect(body.errors[0]!.message).toBe(`Too many requests. Try again in ${retryAfter} seconds.`)
  return retryAfter
}

describe('a new account (younger than a day)', () => {
  test('posts 3 reviews a day; the 4th is refused while another account still posts', async () => {
    const ann = await member(site.url)
    for (let n = 1; n <= 3; n++) expect((await review(ann, n)).status).toBe(201)
    const retryAfter = await expectLimited(await review(ann, 4))
    expect(retryAfter).toBeGreaterThan(86_000)
    // Same address, another account: its own budget.
    const bea = await member(site.url)
    expect((await review(bea, 1)).status).toBe(201)
  })

  test('makes 30 writes an hour, reactions included', async () => {
    const cai = await member(site.url) // its neighbourhood was write 1
    const res = await review(cai, 1) // write 2
    const { review: doc } = (await res.json()) as { review: { id: number } }
    const emojis = ['heart', 'thumbs-up']
    for (let n = 3; n <= 30; n++) {
      const toggled = await react(cai, doc.id, emojis[n % 2]!)
      expect(toggled.status, `write ${n}`).toBe(200)
    }
    const retryAfter = await expectLimited(await react(cai, doc.id, 'heart'))
    expect(retryAfter).toBeGreaterThan(3000)
    expect(retryAfter).toBeLessThanOrEqual(3600)
  })

  test('uploads are counted by number and by bytes per day', async () => {
    // By bytes: two ~90 kB images fit in 200 kB, a third does not (the count would allow it).
    const dee = await member(site.url)
    const big = await makeLargePng(90_000)
    expect((await upload(dee, big)).status).toBe(201)
    expect((await upload(dee, big)).status).toBe(201)
    await expectLimited(await upload(dee, big))
    // By count: three small images, then the fourth is refused.
    const eve = await member(site.url)
    const small = await makeImage('png')
    for (let n = 1; n <= 3; n++) expect((await upload(eve, small)).status).toBe(201)
    await expectLimited(await upload(eve, small))
  })
})

describe('a regular account (older than a day)', () => {
  test('gets 20 reviews a day, and 30 writes a minute', async () => {
    const fay = await member(site.url)
    for (let n = 1; n <= 3; n++) expect((await review(fay, n)).status).toBe(201)
    await expectLimited(await review(fay, 4))
    // A day on, the same account is no longer new: the regular budgets apply.
    fs.writeFileSync(clockFile, String(25 * 3600 * 1000))
    try {
      let last = 0
      for (let n = 1; n <= 20; n++) {
        const res = await review(fay, 100 + n)
        expect(res.status, `review ${n}`).toBe(201)
        last = ((await res.json()) as { review: { id: number } }).review.id
      }
      expect(await expectLimited(await review(fay, 121))).toBeGreaterThan(86_000)
      // 20 writes so far this minute; 10 more, then the 31st waits under a minute.
      for (let n = 21; n <= 30; n++)
        expect((await react(fay, last, n % 2 ? 'heart' : 'thumbs-up')).status, `write ${n}`).toBe(
          200,
        )
      expect(await expectLimited(await react(fay, last, 'heart'))).toBeLessThanOrEqual(60)
    } finally {
      fs.rmSync(clockFile, { force: true })
    }
  })
})
