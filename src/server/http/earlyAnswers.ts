import type { IncomingMessage } from 'node:http'

/**
 * API reads answered before Payload's request is made (its request object, auth strategies and
 * router cost more than the read itself when the read is one SQL statement). Each is made by its
 * collection for one exact GET path, handed to the site's route table at start
 * (src/server/site/routes.ts), and checks the session itself; it answers null to leave the
 * request to Payload (a credential it does not read the way Payload would). The request has
 * passed the site's origin checks; the request log and metrics wrap it as any.
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
