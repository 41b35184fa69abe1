// Pusher Channels HTTP API: /apps/{id}/events, /batch_events and /channels queries.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AppHub } from './hub'
import { channelKind, isValidChannelName, isValidEventName, isValidSocketId } from './protocol'
import { apiSignature, md5Hex, safeEqual, signedQuery } from './signature'
import type { RealtimeAppCredentials } from './protocol'

export interface ApiApp {
  creds: RealtimeAppCredentials
  hub: AppHub
}

export interface HttpApiOptions {
  appById: (id: string) => ApiApp | undefined
  maxEventBytes: number
  log: (msg: string) => void
}

const MAX_TIMESTAMP_SKEW_S = 600
const MAX_CHANNELS = 100
const MAX_BATCH = 10
const MAX_BODY_BYTES = 1024 * 1024

/** An answer the caller turns into a response; thrown to stop a handler early. */
class ApiError extends Error {
  status: number
  constructor(status: number, message: string) {
    super(message)
    this.status = status
  }
}

interface ApiRequest {
  method: string
  path: string
  query: URLSearchParams
  body: Buffer
  app: ApiApp
}

export function createHttpApi(opts: HttpApiOptions) {
  return async function handleHttp(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const rawUrl = req.url ?? '/'
    const queryStart = rawUrl.indexOf('?')
    const path = queryStart === -1 ? rawUrl : rawUrl.slice(0, queryStart)
    const rawQuery = queryStart === -1 ? '' : rawUrl.slice(queryStart + 1)
    const match = /^\/apps\/([^/]+)(\/.*)?$/.exec(path)
    if (!match) return false

    try {
      const body = await readBody(req)
      const app = opts.appById(decodePart(match[1]))
      if (!app) throw new ApiError(404, 'Unknown app')
      const method = (req.method ?? 'GET').toUpperCase()
      authenticate(app.creds, method, path, rawQuery, body)
      const request = { method, path, query: new URLSearchParams(rawQuery), body, app }
      const result = route(request, match[2] ?? '', opts)
      sendJson(res, 200, result)
    } catch (err) {
      if (err instanceof ApiError) sendText(res, err.status, err.message)
      else {
        opts.log(`realtime: HTTP API ${req.method} ${path} failed: ${String(err)}`)
        sendText(res, 500, 'Internal error')
      }
    }
    return true
  }
}

function route(req: ApiRequest, rest: string, opts: HttpApiOptions): unknown {
  const expect = (method: string) => {
    if (req.method !== method) throw new ApiError(405, `Use ${method} for this resource`)
  }
  if (rest === '/events') {
    expect('POST')
    return triggerEvents(req, opts)
  }
  if (rest === '/batch_events') {
    expect('POST')
    return triggerBatch(req, opts)
  }
  if (rest === '/channels') {
    expect('GET')
    return listChannels(req)
  }
  const channelMatch = /^\/channels\/([^/]+)(\/users)?$/.exec(rest)
  if (channelMatch) {
    expect('GET')
    const name = decodePart(channelMatch[1])
    if (!isValidChannelName(name)) throw new ApiError(400, 'Invalid channel name')
    return channelMatch[2] ? channelUsers(req, name) : channelInfo(req, name)
  }
  throw new ApiError(404, 'Not found')
}

/** Checks key, timestamp, version, body MD5 and signature before anything is delivered. */
function authenticate(
  app: RealtimeAppCredentials,
  method: string,
  path: string,
  rawQuery: string,
  body: Buffer,
): void {
  const raw: Array<[string, string]> = rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=')
      return eq === -1 ? [pair, ''] : [pair.slice(0, eq), pair.slice(eq + 1)]
    })
  const params = new URLSearchParams(rawQuery)
  if (params.get('auth_key') !== app.key) throw new ApiError(401, 'Unknown auth_key')
  const timestamp = Number(params.get('auth_timestamp'))
  if (
    !Number.isFinite(timestamp) ||
    Math.abs(Date.now() / 1000 - timestamp) > MAX_TIMESTAMP_SKEW_S
  ) {
    throw new ApiError(401, 'Timestamp expired: auth_timestamp must be within 600 s of now')
  }
  if (params.get('auth_version') !== '1.0') throw new ApiError(401, 'auth_version must be 1.0')
  if (body.length > 0 && params.get('body_md5') !== md5Hex(body)) {
    throw new ApiError(401, 'body_md5 does not match the body')
  }
  const given = params.get('auth_signature') ?? ''
  // The pusher SDK signs values as sent; other clients sign decoded values. Accept either.
  const decoded = [...params.entries()]
  const valid = [raw, decoded].some((pairs) =>
    safeEqual(given, apiSignature(app.secret, method, path, signedQuery(pairs))),
  )
  if (!valid) throw new ApiError(401, 'Invalid signature')
}

function parseJsonObject(body: Buffer): Record<string, unknown> {
  let parsed: unknown
  try {
    parsed = JSON.parse(body.toString('utf8'))
  } catch {
    throw new ApiError(400, 'Body must be JSON')
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ApiError(400, 'Body must be a JSON object')
  }
  return parsed as Record<string, unknown>
}

interface EventToSend {
  channels: string[]
  name: string
  data: string
  socketId?: string
  info?: string
}

/** Validates one event; all events of a request are validated before any is delivered. */
function parseEvent(item: Record<string, unknown>, maxBytes: number, batch: boolean): EventToSend {
  const { name, data, socket_id: socketId, info } = item
  if (!isValidEventName(name)) throw new ApiError(400, 'name must be 1–200 characters')
  if (typeof data !== 'string') throw new ApiError(400, 'data must be a string')
  if (Buffer.byteLength(data) > maxBytes) {
    throw new ApiError(413, `data must be at most ${maxBytes} bytes`)
  }
  const single = item.channel === undefined ? [] : [item.channel]
  const channels = batch ? single : (item.channels ?? single)
  if (!Array.isArray(channels) || channels.length < 1 || channels.length > MAX_CHANNELS) {
    throw new ApiError(400, `Give channel or channels (1–${MAX_CHANNELS})`)
  }
  if (!channels.every(isValidChannelName)) throw new ApiError(400, 'Invalid channel name')
  if (socketId !== undefined && !isValidSocketId(socketId)) {
    throw new ApiError(400, 'Invalid socket_id')
  }
  if (info !== undefined && typeof info !== 'string') throw new ApiError(400, 'Invalid info')
  return { channels, name, data, socketId, info }
}

function deliver(app: ApiApp, event: EventToSend): void {
  app.hub.publish(event.channels, event.name, event.data, event.socketId)
}

function triggerEvents(req: ApiRequest, opts: HttpApiOptions): unknown {
  const event = parseEvent(parseJsonObject(req.body), opts.maxEventBytes, false)
  deliver(req.app, event)
  if (!event.info) return {}
  const channels: Record<string, unknown> = {}
  for (const name of event.channels) channels[name] = attributes(req.app, name, event.info)
  return { channels }
}

function triggerBatch(req: ApiRequest, opts: HttpApiOptions): unknown {
  const { batch } = parseJsonObject(req.body)
  if (!Array.isArray(batch)) throw new ApiError(400, 'batch must be an array')
  if (batch.length > MAX_BATCH) throw new ApiError(400, `batch holds at most ${MAX_BATCH} events`)
  const events = batch.map((item: unknown) => {
    if (typeof item !== 'object' || item === null) throw new ApiError(400, 'Invalid batch item')
    return parseEvent(item as Record<string, unknown>, opts.maxEventBytes, true)
  })
  for (const event of events) deliver(req.app, event)
  if (!events.some((event) => event.info)) return {}
  return { batch: events.map((e) => (e.info ? attributes(req.app, e.channels[0], e.info) : {})) }
}

/** Channel attributes asked for with `info`; user_count exists on presence channels only. */
function attributes(app: ApiApp, name: string, info: string): Record<string, number> {
  const wanted = info.split(',').filter(Boolean)
  const stats = app.hub.stats(name)
  const result: Record<string, number> = {}
  for (const attribute of wanted) {
    if (attribute === 'user_count') {
      if (channelKind(name) !== 'presence') {
        throw new ApiError(400, 'user_count is only available on presence channels')
      }
      result.user_count = stats?.userCount ?? 0
    } else if (attribute === 'subscription_count') {
      result.subscription_count = stats?.subscriptionCount ?? 0
    } else throw new ApiError(400, `Unknown info attribute ${attribute}`)
  }
  return result
}

function listChannels(req: ApiRequest): unknown {
  const prefix = req.query.get('filter_by_prefix') ?? ''
  const info = req.query.get('info') ?? ''
  if (info.split(',').includes('user_count') && !prefix.startsWith('presence-')) {
    throw new ApiError(400, 'info=user_count needs filter_by_prefix=presence-')
  }
  const channels: Record<string, unknown> = {}
  for (const name of req.app.hub.channelNames()) {
    if (name.startsWith(prefix)) channels[name] = attributes(req.app, name, info)
  }
  return { channels }
}

function channelInfo(req: ApiRequest, name: string): unknown {
  const stats = req.app.hub.stats(name)
  const extra = attributes(req.app, name, req.query.get('info') ?? '')
  return { occupied: (stats?.subscriptionCount ?? 0) > 0, ...extra }
}

function channelUsers(req: ApiRequest, name: string): unknown {
  if (channelKind(name) !== 'presence') throw new ApiError(400, 'Only presence channels have users')
  return { users: req.app.hub.userIds(name).map((id) => ({ id })) }
}

function decodePart(part: string): string {
  try {
    return decodeURIComponent(part)
  } catch {
    throw new ApiError(400, 'Malformed path')
  }
}

/** Reads the whole body; over the cap the rest is drained and 413 answered. */
async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size <= MAX_BODY_BYTES) chunks.push(chunk as Buffer)
  }
  if (size > MAX_BODY_BYTES) throw new ApiError(413, 'Request body too large')
  return Buffer.concat(chunks)
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

/** Errors are plain text, as Pusher answers them. */
function sendText(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' })
  res.end(`${message}\n`)
}
