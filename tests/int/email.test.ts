import fs from 'node:fs'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { mailCatcher } from '@tests/support/smtp'
import { startTestSite, type TestSite } from './harness'

const smtp = mailCatcher()
const received = smtp.received

let site: TestSite
beforeAll(async () => {
  const port = await smtp.listen()
  site = await startTestSite({ SMTP_URL: `smtp://127.0.0.1:${port}` })
})
afterAll(async () => {
  await site.close()
  await smtp.close()
})

describe('e-mail through SMTP_URL', () => {
  it('delivers to a real SMTP server and writes nothing to the outbox', async () => {
    await site.payload.sendEmail({
      to: 'reader@example.test',
      subject: 'Welcome to Belong',
      text: 'Find where you truly belong.',
    })
    expect(received).toHaveLength(1)
    expect(received[0]!.to).toEqual(['reader@example.test'])
    expect(received[0]!.from).toBe('hello@belong.local')
    expect(received[0]!.raw).toContain('Subject: Welcome to Belong')
    expect(fs.existsSync(path.join(site.dataDir, 'outbox'))).toBe(false)
  })
})
