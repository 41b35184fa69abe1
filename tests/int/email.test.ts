import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import path from 'node:path'

import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startTestSite, type TestSite } from './harness'

interface Received {
  from: string
  to: string[]
  raw: string
}

const received: Received[] = []
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    let raw = ''
    stream.on('data', (chunk: Buffer) => (raw += chunk.toString()))
    stream.on('end', () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        raw,
      })
      callback()
    })
  },
})

let site: TestSite
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()))
  const { port } = smtp.server.address() as AddressInfo
  site = await startTestSite({ SMTP_URL: `smtp://127.0.0.1:${port}` })
})
afterAll(async () => {
  await site.close()
  await new Promise<void>((resolve) => smtp.close(() => resolve()))
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
