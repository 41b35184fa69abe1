import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'

import { MAX_UPLOAD_BYTES } from '@/rules/imageFile'

/** JSON bodies are read whole, up to this; uploads stream, up to the larger one. */
export const JSON_BODY_LIMIT = 256 * 1024
/** The largest image any purpose allows, and room for the multipart parts around it. */
export const UPLOAD_BODY_LIMIT = MAX_UPLOAD_BYTES + 1024 * 1024
/** A form posted without JavaScript carries all its photos at once (the market's four). */
export const FORM_UPLOAD_LIMIT = 4 * MAX_UPLOAD_BYTES + 1024 * 1024

/**
 * After a 413 the rest of the body is read and dropped (up to this much), so the answer reaches
 * a client that is still sending instead of a connection reset; past it the socket is closed.
 */
const DISCARD_LIMIT = 64 * 1024 * 1024

function tooLarge(req: IncomingMessage, res: ServerResponse, limit: number, seen = 0) {
  if (!res.headersSent) {
    res.writeHead(413, { 'content-type': 'application/json' })
    res.end(
      JSON.stringify({ errors: [{ message: `Request body too large (at most ${limit} bytes).` }] }),
    )
  }
  let dropped = seen
  req.removeAllListeners('data')
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length
    if (dropped > DISCARD_LIMIT) req.destroy()
  })
  req.resume()
}

/** The body, refused (413) as soon as it passes `limit`, whatever Content-Length claimed. */
function limitedBody(req: IncomingMessage, res: ServerResponse, limit: number): Readable | null {
  const declared = Number(req.headers['content-length'] ?? 0)
  if (declared > limit) {
    tooLarge(req, res, limit)
    return null
  }
  let seen = 0
  const counted = new Readable({ read: () => req.resume() })
  req.on('data', (chunk: Buffer) => {
    seen += chunk.length
    if (seen > limit) {
      counted.destroy(new Error('body too large'))
      tooLarge(req, res, limit, seen)
      return
    }
    if (!counted.push(chunk)) req.pause()
  })
  req.on('end', () => counted.push(null))
  req.on('error', (error) => counted.destroy(error))
  return counted
}

/** A Node request's headers as Fetch Headers (repeated ones appended, in order). */
export function fetchHeaders(req: IncomingMessage): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v)
  }
  return headers
}

/**
 * Node request → Fetch Request (for Payload's handleEndpoints), with the body limits applied
 * before any parsing or auth. Null when it already answered 413.
 */
export async function toFetchRequest(
  req: IncomingMessage,
  res: ServerResponse,
  origin: string,
  uploadLimit = UPLOAD_BODY_LIMIT,
): Promise<Request | null> {
  const headers = fetchHeaders(req)
  const method = req.method ?? 'GET'
  let body: BodyInit | undefined
  if (method !== 'GET' && method !== 'HEAD') {
    const upload = (req.headers['content-type'] ?? '').startsWith('multipart/form-data')
    const stream = limitedBody(req, res, upload ? uploadLimit : JSON_BODY_LIMIT)
    if (!stream) return null
    if (upload) body = Readable.toWeb(stream) as ReadableStream
    else {
      const chunks: Buffer[] = []
      try {
        for await (const chunk of stream) chunks.push(chunk as Buffer)
      } catch {
        return null
      }
      body = Buffer.concat(chunks)
    }
  }
  return new Request(new URL(req.url ?? '/', origin), {
    method,
    headers,
    body,
    duplex: 'half',
  } as RequestInit)
}

/** Fetch Response → Node response, keeping every Set-Cookie. */
export async function sendFetchResponse(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') res.setHeader(name, value)
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length) res.setHeader('set-cookie', cookies)
  if (!response.body) {
    res.end()
    return
  }
  const body = Readable.fromWeb(response.body as never)
  await new Promise<void>((resolve, reject) => {
    body.on('error', reject)
    res.on('finish', resolve)
    res.on('close', resolve)
    body.pipe(res)
  })
}
