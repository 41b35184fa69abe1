import { errorField, errorMessage } from '@/rules/apiErrors'
import type { ImagePurpose } from '@/rules/imageFile'
import { contracts, type ContractName, type Contracts } from '@/contracts'
import { fillPath, type InputOf, type Method, type ParamsOf } from '@/contracts/contract'
import type { ZodError } from 'zod'
import type { ApiAnswer, ApiCall, FormHandler, FormRefusal } from './types'

export const ok = (answer: ApiAnswer) => answer.status >= 200 && answer.status < 300

/** The refusal an island would show for a failed call (its message, optionally prefixed). */
export function refusal(answer: ApiAnswer, fallback: string, prefix = ''): FormRefusal {
  return { error: prefix + errorMessage(answer.body, fallback), field: errorField(answer.body) }
}

/** A schema's refusal of what was typed: its first message, beside the field it names. */
export function schemaRefusal(error: ZodError): FormRefusal {
  const issue = error.issues[0]!
  return { error: issue.message, field: String(issue.path[0] ?? '') || undefined }
}

/** The signed-in account of the request, or null (GET /api/users/me, as the islands ask). */
export async function viewer(
  call: ApiCall,
): Promise<{ id: number; userName?: string | null } | null> {
  const answer = await call('GET', '/api/users/me')
  const user = (answer.body as { user?: { id?: unknown; userName?: string | null } } | undefined)
    ?.user
  return ok(answer) && typeof user?.id === 'number' ? { ...user, id: user.id } : null
}

/**
 * Uploads an image for one purpose as widgets/lib/uploadMedia does (POST /api/media, the file and
 * its `_payload`): its media id, or the refusal with the island's 'Image upload failed' wording.
 */
export async function upload(
  call: ApiCall,
  image: File,
  purpose: ImagePurpose,
  alt: string,
): Promise<number | FormRefusal> {
  const body = new FormData()
  body.append('file', image)
  body.append('_payload', JSON.stringify({ purpose, alt }))
  const answer = await call('POST', '/api/media', body)
  const id = (answer.body as { doc?: { id?: unknown } } | undefined)?.doc?.id
  if (ok(answer) && typeof id === 'number') return id
  return refusal(answer, `Upload failed (${answer.status})`, 'Image upload failed: ')
}

/** One request to the API, as `send` in the islands' client makes it. */
export interface ApiRequest {
  method: Method
  path: string
  body?: unknown
}

/** The request that calls a contract by name: the form's way to the same command. */
export function commandRequest<N extends ContractName>(
  name: N,
  input: InputOf<Contracts[N]>,
  params?: ParamsOf<Contracts[N]>,
): ApiRequest {
  const { method, path } = contracts[name]
  const filled = fillPath(path, params as Record<string, unknown> | undefined)
  if (method !== 'GET') return { method, path: filled, body: input }
  const query = new URLSearchParams(input as Record<string, string>)
  return { method, path: query.size ? `${filled}?${query}` : filled }
}

/** Calls a contract by name with the person's own session. */
export function sendCommand<N extends ContractName>(
  call: ApiCall,
  name: N,
  input: InputOf<Contracts[N]>,
  params?: ParamsOf<Contracts[N]>,
): Promise<ApiAnswer> {
  const request = commandRequest(name, input, params)
  return call(request.method, request.path, request.body)
}

/**
 * A button in a small form (a reaction, a vote, an RSVP): one API request, then back to the page
 * with the island's toast as a one-time message. Signed out, the person is sent to sign in and
 * back, with the spec's message.
 */
export function buttonForm(spec: {
  loginMessage: (fields: FormData) => string
  request: (fields: FormData) => ApiRequest | null
  done?: string
  failed: string
}): FormHandler {
  return async ({ fields, page, call }) => {
    const back = page.pathname + page.search
    if (!(await viewer(call)))
      return {
        redirect: `/login?next=${encodeURIComponent(back)}`,
        flash: spec.loginMessage(fields),
      }
    const request = spec.request(fields)
    if (!request) return { redirect: back, flash: spec.failed }
    const answer = await call(request.method, request.path, request.body)
    if (!ok(answer)) return { redirect: back, flash: refusal(answer, spec.failed).error }
    return { redirect: back, flash: spec.done }
  }
}
