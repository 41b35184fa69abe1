import type { AddressInfo } from 'node:net'

import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll } from 'vitest'

export interface ReceivedMail {
  from: string
  to: string[]
  raw: string
}

/**
 * A real SMTP server on 127.0.0.1 that keeps every message it is sent, so the tests of mail sent
 * through SMTP_URL read what a mail server would have received. `answerAfterMs` makes it answer
 * each message that much later.
 */
export function mailCatcher(options: { answerAfterMs?: number } = {}) {
  const received: ReceivedMail[] = []
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
        // A slow server: the message is here, the sender hears so only later (a mail in flight).
        if (options.answerAfterMs) setTimeout(() => callback(), options.answerAfterMs)
        else callback()
      })
    },
  })
  return {
    received,
    /** Starts listening on a free port and answers it (the same port when already listening: a retried test). */
    listen: async () => {
      if (!smtp.server.listening)
        await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()))
      return (smtp.server.address() as AddressInfo).port
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  }
}

/**
 * A test file's mail catcher: it listens before the file's site starts and puts its address in
 * `env.SMTP_URL` (the env the site is started with); made before the site, its afterAll runs
 * after the site's (hooks run as a stack).
 */
export function mailCatcherForFile(env: Record<string, string>) {
  const smtp = mailCatcher()
  beforeAll(async () => {
    env.SMTP_URL = `smtp://127.0.0.1:${await smtp.listen()}`
  })
  afterAll(() => smtp.close())
  return smtp
}
