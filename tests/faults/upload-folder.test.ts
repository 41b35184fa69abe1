import fs from 'node:fs'
import path from 'node:path'

import sharp from 'sharp'
import { beforeAll, expect, test } from 'vitest'

import { member, report, waitFor, type Site } from './harness'
import { faultSiteForFile } from '@tests/support/faultSite'

/**
 * The upload folder (DATA_DIR/media) cannot be written, or the disk is full, or one file of an
 * upload fails half-way. The answer says so ('Failed to upload image.', the spec's words), no file
 * of that upload stays on disk and no media row is made.
 *
 * The tests may run as root, for whom permissions stop nothing, so the folder is made unusable
 * in ways that hold for root too: the folder replaced by a plain file; a folder in the way of one
 * of the variants (its write fails after the others succeeded); a full disk is a reserve larger
 * than the disk (UPLOAD_MIN_FREE_BYTES), as a tiny mounted filesystem needs privileges.
 */

const main = faultSiteForFile('uploads')
const fullDisk = faultSiteForFile('uploads-full')
let site: Site
type Who = Awaited<ReturnType<typeof member>>
let who: Who
let photo: Buffer

beforeAll(async () => {
  site = await main.start()
  who = await member(site.url)
  // Large enough for every variant (320×180, 640×360, 1280×720).
  photo = await sharp({
    create: { width: 1600, height: 900, channels: 3, background: '#c84' },
  })
    .png()
    .toBuffer()
})

async function upload(on: Site, as: Who, name: string) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/png' }), name)
  form.append('_payload', JSON.stringify({ purpose: 'review-photo', alt: 'A street' }))
  const res = await fetch(`${on.url}/api/media`, {
    method: 'POST',
    headers: { authorization: as.headers.authorization!, origin: as.headers.origin! },
    body: form,
  })
  const body = (await res.json()) as {
    doc?: { id: number; filename: string }
    errors?: { message: string }[]
  }
  return { status: res.status, doc: body.doc, message: body.errors?.[0]?.message }
}

/** Media rows, as the API lists them. */
async function mediaRows(on: Site) {
  const res = await fetch(`${on.url}/api/media?depth=0&limit=1000&select[filename]=true`)
  const body = (await res.json()) as { docs: { id: number; filename: string }[] }
  return body.docs
}

const mediaFolder = () => path.join(main.dataDir, 'media')
const filesNamed = (folder: string, stem: string) =>
  fs.existsSync(folder) && fs.statSync(folder).isDirectory()
    ? fs.readdirSync(folder).filter((f) => f.startsWith(stem))
    : []

test('the upload folder replaced by a file: a clear answer, no row; back when it returns', async () => {
  const ok = await upload(site, who, 'before.png')
  expect(ok.status).toBe(201)
  const rowsBefore = await mediaRows(site)

  fs.renameSync(mediaFolder(), `${mediaFolder()}.saved`)
  fs.writeFileSync(mediaFolder(), 'not a folder')
  const answers = []
  try {
    for (let n = 0; n < 3; n++) answers.push(await upload(site, who, `blocked${n}.png`))
  } finally {
    fs.rmSync(mediaFolder())
    fs.renameSync(`${mediaFolder()}.saved`, mediaFolder())
  }
  expect(await mediaRows(site)).toEqual(rowsBefore)
  expect(filesNamed(mediaFolder(), 'blocked')).toEqual([])
  for (const a of answers) expect(a).toEqual({ status: 503, message: 'Failed to upload image.' })

  const restoredAt = Date.now()
  const after = await upload(site, who, 'after.png')
  expect(after.status).toBe(201)
  expect(fs.existsSync(path.join(mediaFolder(), after.doc!.filename))).toBe(true)
  report({
    fault: 'upload folder replaced by a file',
    sent: answers.length + 2,
    acknowledged: 2,
    lost: 0,
    recoveryMs: Date.now() - restoredAt,
    notes: '3 uploads refused 503 "Failed to upload image." while blocked; no row, no file',
  })
})

test('one file of an upload cannot be written: none of its files stay, no row', async () => {
  const rowsBefore = await mediaRows(site)
  // A folder where the 640×360 variant goes: the original and the other variants are written,
  // that one fails (EISDIR), as a disk that fills up half-way through would.
  fs.mkdirSync(path.join(mediaFolder(), 'halfway-640x360.webp'))
  const answer = await upload(site, who, 'halfway.png')
  // Poll what is on disk (the clean-up also catches a sibling write still under way).
  await waitFor(
    () => filesNamed(mediaFolder(), 'halfway').length <= 1,
    5000,
    'the half-written files to go',
  ).catch(() => {})
  expect(filesNamed(mediaFolder(), 'halfway')).toEqual(['halfway-640x360.webp'])
  expect(await mediaRows(site)).toEqual(rowsBefore)
  expect(answer).toEqual({ status: 503, message: 'Failed to upload image.' })
  fs.rmdirSync(path.join(mediaFolder(), 'halfway-640x360.webp'))
  expect((await upload(site, who, 'halfway.png')).status).toBe(201)
  report({
    fault: 'upload variant write fails half-way',
    sent: 2,
    acknowledged: 1,
    lost: 0,
    notes:
      'the failed upload left no file and no row; the same upload succeeds once the way is clear',
  })
})

test('a full disk: refused before anything is written', async () => {
  // The reserve kept free for the database is larger than any disk: it counts as full.
  const full = await fullDisk.start({ UPLOAD_MIN_FREE_BYTES: String(2 ** 60) })
  const as = await member(full.url)
  const answer = await upload(full, as, 'full.png')
  expect(answer).toEqual({ status: 507, message: 'Failed to upload image.' })
  expect(await mediaRows(full)).toEqual([])
  expect(filesNamed(path.join(fullDisk.dataDir, 'media'), 'full')).toEqual([])
  report({
    fault: 'upload disk full (reserve above free space)',
    sent: 1,
    acknowledged: 0,
    lost: 0,
    notes: 'refused 507 "Failed to upload image." before any write',
  })
})
