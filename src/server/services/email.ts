import fs from 'node:fs/promises'
import path from 'node:path'

import { nodemailerAdapter } from '@payloadcms/email-nodemailer'
import nodemailer from 'nodemailer'
import type { EmailAdapter, SendEmailOptions } from 'payload'

import { currentRequest, logger } from '@/server/observability/logger'
import { env } from '@/server/config/env'

/**
 * SMTP_URL sends real mail. Without it every message is written to DATA_DIR/outbox as an .eml
 * file (readable by any mail client) and its subject and recipient are logged.
 */
export function emailAdapter() {
  const from = env.mailFrom
  const match = /^(.*)<(.+)>$/.exec(from)
  const defaultFromName = match?.[1]?.trim() || 'Belong'
  const defaultFromAddress = match?.[2]?.trim() || from
  const transport = env.smtpUrl ? nodemailer.createTransport(env.smtpUrl) : outboxTransport()
  return withRequestIds(
    nodemailerAdapter({ defaultFromAddress, defaultFromName, transport, skipVerify: true }),
  )
}

const REQUEST_ID_HEADER = 'X-Request-Id'

/** The message with the id of the request (or of the job a request queued) that caused it. */
function stampRequestId(message: SendEmailOptions): SendEmailOptions {
  const id = currentRequest.getStore()?.id
  if (!id) return message
  const headers = message.headers
  return {
    ...message,
    headers: Array.isArray(headers)
      ? [...headers, { key: REQUEST_ID_HEADER, value: id }]
      : { ...headers, [REQUEST_ID_HEADER]: id },
  }
}

/**
 * Every mail carries the request id in a header, and its sending is logged under that id: a
 * member's 'I never got the mail' leads from the request's log line to the mail's.
 */
async function withRequestIds(adapter: Promise<EmailAdapter>): Promise<EmailAdapter> {
  const make = await adapter
  return (args) => {
    const inner = make(args)
    return {
      ...inner,
      sendEmail: async (message) => {
        const sent = await inner.sendEmail(stampRequestId(message))
        // The outbox logs its own line with the file; the subject, never the address.
        if (env.smtpUrl) logger.info({ subject: message.subject }, 'mail sent')
        return sent
      },
    }
  }
}

function outboxTransport() {
  const outbox = path.join(env.dataDir, 'outbox')
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true })
  return nodemailer.createTransport({
    name: 'outbox',
    version: '1',
    send(mail, done) {
      stream.sendMail(mail.data, async (error, info) => {
        if (error || !info) return done(error ?? new Error('mail not built'), undefined as never)
        try {
          await fs.mkdir(outbox, { recursive: true })
          const file = path.join(
            outbox,
            `${Date.now()}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
          )
          await fs.writeFile(file, info.message as Buffer)
          // The file, not the address: no e-mail address goes into the log.
          logger.info({ subject: mail.data.subject, file }, 'mail written to the outbox')
          done(null, { envelope: info.envelope, messageId: info.messageId } as never)
        } catch (writeError) {
          done(writeError as Error, undefined as never)
        }
      })
    },
  })
}
