import type { IncomingMessage } from 'node:http'

/**
 * API reads answered before Payload's request is made (its request object, auth strategies and
 * router cost more than the read itself when the read is one SQL statement). Each is registered
 * by its collection for one exact path and checks the session itself; it answers null to leave
 * the request to Payload (a credential it does not read the way Payload would). The request has
 * passed the site's origin checks and rate limit; the request log and metrics wrap it as any.
 */
export type EarlyAnswer = (req: IncomingMessage, url: URL) => Promise<EarlyResponse | null>

/** A JSON answer written as it is (a fetch Response's body stream costs more than the read). */
export interface EarlyResponse {
  status: number
  headers: Record<string, string>
  body: string
}

/** A JSON answer, or a refusal in Payload's error shape (as `refuse` in requests.ts). */
export function earlyJson(status: number, value: unknown, headers: Record<string, string> = {}) {
  const body = JSON.stringify(value)
  return {
    status,
    headers: {
      ...headers,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
    },
    body,
  }
}

// One per process, on globalThis: payload.config's onInit may run from another bundle copy.
const store = globalThis as typeof globalThis & { __belongEarlyAnswers?: Map<string, EarlyAnswer> }
const answers = (store.__belongEarlyAnswers ??= new Map())

/** `answer` answers GET requests of exactly `pathname` (no trailing slash). */
export function answerBeforePayload(pathname: string, answer: EarlyAnswer): void {
  answers.set(pathname, answer)
}

/** The early answer to this request, or null when Payload answers it. */
export function earlyAnswer(req: IncomingMessage): Promise<EarlyResponse | null> | null {
  if (req.method !== 'GET' || !answers.size) return null
  const raw = req.url ?? ''
  const query = raw.indexOf('?')
  const answer = answers.get(query === -1 ? raw : raw.slice(0, query))
  return answer ? answer(req, new URL(raw, 'http://site')) : null
}
