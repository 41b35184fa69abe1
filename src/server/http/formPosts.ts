import type { IncomingMessage, ServerResponse } from 'node:http'

import { safeNextPath } from '@/rules/accounts'
import { isRefusal, type ApiCall, type FormHandler } from '@/forms/types'
import { FLASH_COOKIE, FORM_PARAM, type FormState } from '@/views/forms'
import { readFromPrimary } from '@/server/database/replicas'
import { FORM_UPLOAD_LIMIT, toFetchRequest } from './nodeFetch'

export interface FormPostOptions {
  handlers: Readonly<Record<string, FormHandler>>
  /** Our own origin (never the request's Host). */
  origin: string
  /** One request through the /api route: limits, then Payload's handler. */
  callApi: (request: Request, req: IncomingMessage) => Promise<Response>
  /** Renders the page on demand (Astro), with the refused form's state in its locals. */
  renderPage: (req: IncomingMessage, res: ServerResponse, locals: App.Locals) => void
  secureCookies: boolean
}

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data']
/** Headers of the browser's request an inner API call keeps (who is asking, and how). */
const FORWARDED = ['cookie', 'user-agent', 'accept-language', 'x-forwarded-for']

/** Fields never sent back into a re-rendered form. */
const isSecret = (name: string) => /password|confirm|token|^_/i.test(name)

/**
 * A form posted to a page (`POST /login?_form=login`, the way it works without JavaScript):
 * the form's handler makes the same API requests the island makes, with the person's session;
 * a success answers 303 to the next page with its message in a one-time cookie, a refusal renders
 * the same page again with the message and what was typed. False when the request is not a form
 * post, so the caller goes on.
 */
export async function handleFormPost(
  req: IncomingMessage,
  res: ServerResponse,
  options: FormPostOptions,
): Promise<boolean> {
  if (req.method !== 'POST') return false
  const url = new URL(req.url ?? '/', options.origin)
  const name = url.searchParams.get(FORM_PARAM)
  if (name === null) return false
  const handler = Object.hasOwn(options.handlers, name) ? options.handlers[name] : undefined
  if (!handler) {
    plain(res, 404, 'There is no such form.')
    return true
  }
  const type = (req.headers['content-type'] ?? '').toLowerCase()
  if (!FORM_TYPES.some((t) => type.startsWith(t))) {
    plain(res, 415, 'Send the form as the browser does (urlencoded or multipart).')
    return true
  }
  const request = await toFetchRequest(req, res, options.origin, FORM_UPLOAD_LIMIT)
  if (!request) return true // already answered 413
  let fields: FormData
  try {
    fields = await request.formData()
  } catch {
    plain(res, 400, 'The form could not be read. Please try again.')
    return true
  }

  const cookies: string[] = []
  const call: ApiCall = async (method, path, body) => {
    const headers = new Headers({ origin: options.origin })
    for (const header of FORWARDED) {
      const value = req.headers[header]
      if (typeof value === 'string') headers.set(header, value)
    }
    const multipart = body instanceof FormData
    if (body !== undefined && !multipart) headers.set('content-type', 'application/json')
    const inner = new Request(new URL(path, options.origin), {
      method,
      headers,
      body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
    })
    const response = await options.callApi(inner, req)
    cookies.push(...response.headers.getSetCookie())
    const text = await response.text()
    let parsed: unknown
    try {
      parsed = text ? JSON.parse(text) : undefined
    } catch {
      parsed = undefined
    }
    return { status: response.status, body: parsed }
  }

  const page = new URL(url)
  page.searchParams.delete(FORM_PARAM)
  // A handler may read what its own first request wrote: all of its requests read the primary.
  const outcome = await readFromPrimary(() => handler({ fields, page, call }))
  if (isRefusal(outcome)) {
    const values: FormState['values'] = {}
    for (const field of new Set(fields.keys())) {
      if (isSecret(field)) continue
      const typed = fields.getAll(field).filter((v): v is string => typeof v === 'string')
      if (typed.length) values[field] = typed.length === 1 ? typed[0]! : typed
    }
    const form: FormState = { name, values, error: outcome.error, field: outcome.field }
    // The same page, rendered as it is read, with this form's state (src/middleware: 422).
    req.method = 'GET'
    req.url = page.pathname + page.search
    delete req.headers['content-type']
    delete req.headers['content-length']
    if (cookies.length) res.setHeader('set-cookie', cookies)
    options.renderPage(req, res, { form })
    return true
  }
  if (outcome.dropCookies) cookies.length = 0
  // Always set, even without a message: the next page is then rendered for this request, so it
  // shows what was just written before its static file is rewritten.
  cookies.push(flashCookie(outcome.flash ?? '', Boolean(options.secureCookies)))
  res.writeHead(303, {
    location: safeNextPath(outcome.redirect),
    'cache-control': 'no-store',
    ...(cookies.length ? { 'set-cookie': cookies } : {}),
  })
  res.end()
  return true
}

function plain(res: ServerResponse, status: number, message: string) {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' })
  res.end(message)
}

/** The one-time message of a request's flash cookie ('' for none), or undefined without one. */
export function flashOf(req: IncomingMessage): string | undefined {
  const header = req.headers.cookie
  if (!header?.includes(`${FLASH_COOKIE}=`)) return undefined
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key !== FLASH_COOKIE) continue
    try {
      const value = rest.join('=')
      return value === '-' ? '' : decodeURIComponent(value).slice(0, 300)
    } catch {
      return ''
    }
  }
  return undefined
}

/** The one-time message the next page shows (its `role=status` line). */
export function flashCookie(message: string, secure: boolean): string {
  // Never empty ('-' for no message): the nginx front server tells the cookie by its value.
  const value = encodeURIComponent(message.slice(0, 300)) || '-'
  return `${FLASH_COOKIE}=${value}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
}

/** Clears the flash cookie on the answer that shows it. */
export const clearFlash = (secure: boolean) =>
  `${FLASH_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
