import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import { expect, test } from 'vitest'

import { member, projectRoot, reviewIds, writeLoad, waitFor } from './harness'
import { faultSiteForFile } from '@tests/support/faultSite'

const fault = faultSiteForFile('backup')

const npmScript = (script: string, dataDir: string, ...args: string[]) =>
  spawnSync('npm', ['run', '--silent', script, '--', ...args], {
    cwd: projectRoot,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
    timeout: 120_000,
  })

test('npm run backup (online) and npm run restore: the data and media come back', async () => {
  const { dataDir } = fault
  let site = await fault.start()
  const who = await member(site.url)
  const load = writeLoad(site.url, who, 2)
  await waitFor(() => load.answers.filter((a) => a.status === 201).length >= 15, 60_000, 'writes')
  await load.stop()
  const before = await reviewIds(site.url, who.neighbourhood)
  fs.mkdirSync(path.join(dataDir, 'media'), { recursive: true })
  fs.writeFileSync(path.join(dataDir, 'media', 'kept.txt'), 'a photo, say')

  // Online: the site keeps running (and writing) while the backup is taken.
  const more = writeLoad(site.url, who, 1)
  const made = npmScript('backup', dataDir)
  await more.stop()
  expect(made.status, made.stderr).toBe(0)
  const backups = fs.readdirSync(path.join(dataDir, 'backups'))
  expect(backups).toHaveLength(1)
  const backupDir = path.join(dataDir, 'backups', backups[0]!)

  // Change everything: edit reviews, write a new one, lose the media file.
  const edited = [...before].slice(0, 5)
  for (const id of edited) {
    const res = await fetch(`${site.url}/api/reviews/${id}/details`, {
      method: 'PATCH',
      headers: who.headers,
      body: JSON.stringify({ comment: 'changed after the backup' }),
    })
    expect(res.status, await res.text()).toBe(200)
  }
  const extra = await fetch(`${site.url}/api/reviews/new`, {
    method: 'POST',
    headers: who.headers,
    body: JSON.stringify({ neighbourhood: who.neighbourhood, rating: 2, comment: 'after backup' }),
  })
  expect(extra.status).toBe(201)
  const { review: extraDoc } = (await extra.json()) as { review: { id: number } }
  fs.rmSync(path.join(dataDir, 'media', 'kept.txt'))

  // Restore refuses while the site runs.
  const refused = npmScript('restore', dataDir, backupDir)
  expect(refused.status).not.toBe(0)
  expect(refused.stderr).toContain('Stop the site first')

  expect(await site.stop()).toBe(0)
  const restored = npmScript('restore', dataDir, backupDir)
  expect(restored.status, restored.stderr).toBe(0)
  site = await fault.start({}, site.port)

  const after = await reviewIds(site.url, who.neighbourhood)
  for (const id of before) expect(after.has(id)).toBe(true)
  for (const id of edited) {
    const res = await fetch(`${site.url}/api/reviews/${id}?depth=0`)
    const review = (await res.json()) as { comment: string }
    expect(review.comment).toMatch(/^fault load /)
  }
  expect(after.has(extraDoc.id)).toBe(false)
  expect(fs.readFileSync(path.join(dataDir, 'media', 'kept.txt'), 'utf8')).toBe('a photo, say')
})
