import fc from 'fast-check'
import type { SanitizedConfig } from 'payload'

import { fieldPathsOf, fieldsForBody, type Operation } from './operations'
import { encode, pathParam, queryString, writeBody } from './inputs'

export type Actor = 'anonymous' | 'member' | 'other'

export interface Call {
  actor: Actor
  method: string
  /** Path and query, as sent. */
  url: string
  /** JSON text, or anything else for a body that is not JSON. */
  body?: string
  contentType?: string
  /** Payload's method override: a POST whose form body is a GET's query. */
  override?: boolean
}

/** Routes that would end the fuzzing member's own session: only a stranger calls them. */
const SESSION_ENDERS = /\/(logout|logout-everywhere|sessions\/[^/]+)$/

/** Generated calls of every operation, by every actor, with valid and hostile inputs. */
export function callsOf(config: SanitizedConfig, operations: Operation[], ids: number[]) {
  const perOperation = operations.map((op) => {
    const paths = fieldPathsOf(config, op.collection ?? 'users')
    const query = fc.oneof(fc.constant(''), queryString(paths, ids), queryString(paths, ids))
    const params = (op.path.match(/:\w+\??/g) ?? []).map(() => pathParam(ids))
    const path = fc.tuple(...params, fc.constant(null)).map((values) => {
      let i = 0
      return op.path.replace(/:\w+\??/g, () => String(values[i++]))
    })
    const actor = SESSION_ENDERS.test(op.path)
      ? fc.constant<Actor>('anonymous')
      : fc.constantFrom<Actor>('anonymous', 'member', 'other')
    const writes = op.method !== 'GET'
    const body = writes
      ? fc.oneof(
          {
            weight: 8,
            arbitrary: writeBody(fieldsForBody(config, op.collection ?? ''), ids).map((b) => ({
              body: JSON.stringify(b) ?? 'null',
            })),
          },
          {
            weight: 1,
            arbitrary: fc.constantFrom(
              { body: 'not json' },
              { body: '' },
              { body: '{"a":' },
              { body: '[1,2]' },
              { body: 'x=1', contentType: 'text/plain' },
            ),
          },
        )
      : fc.constant({})
    return fc
      .record({ actor, path, query, body, override: fc.boolean() })
      .map(({ actor, path, query, body, override }): Call => {
        // Payload's override turns a POST of a list route into its GET, the query in the body.
        if (override && op.method === 'GET' && !/:\w/.test(op.path))
          return {
            actor,
            method: 'POST',
            url: path,
            body: query,
            contentType: 'application/x-www-form-urlencoded',
            override: true,
          }
        return { actor, method: op.method, url: query ? `${path}?${query}` : path, ...body }
      })
  })
  return fc.oneof(...perOperation)
}

/** Sends a call over HTTP as its actor's browser would, and answers status and text. */
export async function send(base: string, call: Call, cookies: Record<Actor, string>) {
  const headers: Record<string, string> = { origin: base }
  if (cookies[call.actor]) headers.cookie = cookies[call.actor]
  if (call.body !== undefined) headers['content-type'] = call.contentType ?? 'application/json'
  if (call.override) headers['x-http-method-override'] = 'GET'
  const response = await fetch(`${base}${call.url}`, {
    method: call.method,
    headers,
    body: call.body,
  })
  const id = response.headers.get('x-request-id') ?? ''
  const media = response.headers.get('content-type') ?? ''
  return { status: response.status, text: await response.text(), id, media }
}

export const describeCall = (call: Call) =>
  `${call.actor} ${call.method} ${call.url}${call.body !== undefined ? ` ${call.body.slice(0, 300)}` : ''}`

export { encode }
