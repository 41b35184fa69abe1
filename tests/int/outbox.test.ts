import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { testSiteForFile } from './harness'

const { site } = testSiteForFile({ env: { SMTP_URL: '' } })

describe('e-mail without SMTP_URL', () => {
  it('is written to DATA_DIR/outbox as a readable .eml file', async () => {
    await site.payload.sendEmail({
      to: 'neighbour@example.test',
      subject: 'Your reset link',
      text: 'Open http://localhost/reset-password?token=abc',
    })
    const outbox = path.join(site.dataDir, 'outbox')
    const files = fs.readdirSync(outbox).filter((f) => f.endsWith('.eml'))
    expect(files).toHaveLength(1)
    const eml = fs.readFileSync(path.join(outbox, files[0]!), 'utf8')
    expect(eml).toContain('To: neighbour@example.test')
    expect(eml).toContain('Subject: Your reset link')
    expect(eml).toContain('reset-password?token=abc')
  })
})
