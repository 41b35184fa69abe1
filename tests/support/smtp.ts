import type { AddressInfo } from 'node:net'

import { SMTPServer } from 'smtp-server'

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
    /** Starts listening on a free port and answers it. */
    listen: async () => {
      await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()))
      return (smtp.server.address() as AddressInfo).port
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  }
}
