import { errorField, errorMessage } from '@/rules/apiErrors'
import { OFFLINE_WRITE } from '@/rules/offline'
import { toast } from './toast'

/**
 * The typed client's transport (widgets/lib/client.ts; islands call the client, never `api`):
 * JSON in, JSON out, the server's message on failure.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The field the refusal names (a form shows it beside that field), when it names one. */
    readonly field?: string,
  ) {
    super(message)
  }
}

export { errorField, errorMessage }

export interface ApiInit extends Omit<RequestInit, 'body'> {
  json?: unknown
  body?: BodyInit
  /**
   * A read whose answer is the same for every reader (counts, public lists, feeds): it goes
   * without the session cookie, so the server answers it from its shared cache of signed-out
   * reads (src/server/http/readCache.ts). Whatever belongs to the reader (their own reaction, their
   * vote) comes from a separate small signed-in read.
   */
  shared?: boolean
  /** Not the member's own action (a token renewal): an offline device is no news to them. */
  background?: boolean
}

export async function api<T = unknown>(path: string, init: ApiInit = {}): Promise<T> {
  const { json, headers, shared, background, ...rest } = init
  let res: Response
  try {
    res = await fetch(path, {
      credentials: shared ? 'omit' : 'same-origin',
      ...rest,
      headers: json === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: json === undefined ? rest.body : JSON.stringify(json),
    })
  } catch (error) {
    throw (background ? undefined : offlineWrite(rest.method)) ?? error
  }
  const text = await res.text()
  let body: unknown = undefined
  try {
    body = text ? JSON.parse(text) : undefined
  } catch {
    body = undefined
  }
  if (!res.ok)
    throw new ApiError(
      errorMessage(body, `Request failed (${res.status})`),
      res.status,
      errorField(body),
    )
  return body as T
}

/**
 * A write that could not leave because the device is offline: said plainly, once, and never
 * queued (the service worker does not touch writes). The island keeps what was typed, as after
 * any refusal.
 */
function offlineWrite(method: string | undefined): ApiError | undefined {
  const writes = method !== undefined && method.toUpperCase() !== 'GET'
  if (!writes || navigator.onLine) return undefined
  toast.error(OFFLINE_WRITE, { id: 'offline-write', duration: 8000 })
  return new ApiError(OFFLINE_WRITE, 0)
}
