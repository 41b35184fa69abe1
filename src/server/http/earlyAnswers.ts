import type { IncomingMessage } from 'node:http'

/**
 * API reads answered before Payload's request is made (its request object, auth strategies and
 * router cost more than the read itself when the read is one SQL statement). Each is registered
 * by its collection for one exact path and checks the session itself; it answers null to leave
 * the request to Payload (a credential it does not read the way Payload would). The request has
 * passed the site's origin checks and rate limit; the request log and metrics wrap it as any.
 */
export type EarlyAnswer = (req: IncomingMessage, url: URL) => Promise<Response | null>

// One per process, on globalThis: payload.config's onInit may run from another bundle copy.
const store = globalThis as typeof globalThis & { __belongEarlyAnswers?: Map<string, EarlyAnswer> }
const answers = (store.__belongEarlyAnswers ??= new Map())

/** `answer` answers GET requests of exactly `pathname` (no trailing slash). */
export function answerBeforePayload(pathname: string, answer: EarlyAnswer): void {
  answers.set(pathname, answer)
}

/** The early answer to this request, or null when Payload answers it. */
export function earlyAnswer(req: IncomingMessage): Promise<Response | null> | null {
  if (req.method !== 'GET' || !answers.size) return null
  const raw = req.url ?? ''
  const query = raw.indexOf('?')
  const answer = answers.get(query === -1 ? raw : raw.slice(0, query))
  return answer ? answer(req, new URL(raw, 'http://site')) : null
}
