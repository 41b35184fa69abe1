// Pusher Channels protocol 7: frame shapes, close codes and channel-name rules.
import { randomInt } from 'node:crypto'

export const PROTOCOL_VERSION = 7

/** Close codes: 4000–4099 stop the client, 4100–4199 back off, 4200–4299 reconnect at once. */
export const CloseCode = {
  appNotFound: 4001,
  pathNotFound: 4005,
  unsupportedProtocol: 4007,
  missingProtocol: 4008,
  unauthorized: 4009,
  reconnect: 4200,
  pongNotReceived: 4201,
} as const

export type ChannelKind = 'public' | 'private' | 'presence'

export interface Frame {
  event: string
  channel?: string
  data?: unknown
  user_id?: string
}

const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]{1,200}$/

export function isValidChannelName(name: unknown): name is string {
  return typeof name === 'string' && CHANNEL_NAME.test(name)
}

export function channelKind(name: string): ChannelKind {
  if (name.startsWith('presence-')) return 'presence'
  if (name.startsWith('private-')) return 'private'
  return 'public'
}

/** Event names follow Pusher's limit of 200 characters. */
export function isValidEventName(name: unknown): name is string {
  return typeof name === 'string' && name.length > 0 && name.length <= 200
}

/** Serialises a frame; `data` that is not a string is JSON-encoded, as Pusher servers do. */
export function encodeFrame(frame: Frame): string {
  const data = typeof frame.data === 'string' ? frame.data : JSON.stringify(frame.data ?? {})
  return JSON.stringify({ ...frame, data })
}

export function errorFrame(code: number | null, message: string): string {
  return encodeFrame({ event: 'pusher:error', data: { code, message } })
}

/** Parses an incoming text frame; null when it is not a JSON object with a string event. */
export function decodeFrame(text: string): Frame | null {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return null
  }
  if (typeof parsed !== 'object' || parsed === null) return null
  const frame = parsed as Record<string, unknown>
  if (typeof frame.event !== 'string') return null
  return {
    event: frame.event,
    channel: typeof frame.channel === 'string' ? frame.channel : undefined,
    data: frame.data,
  }
}

/** Clients send `data` either as an object or as a JSON string; accept both. */
export function frameData(frame: Frame): Record<string, unknown> {
  let data = frame.data
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data)
    } catch {
      return {}
    }
  }
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {}
}

/** Socket ids look like "123.456"; the pusher SDK rejects any other shape. */
export function newSocketId(): string {
  return `${randomInt(1, 2 ** 31)}.${randomInt(1, 2 ** 31)}`
}

export function isValidSocketId(id: unknown): id is string {
  return typeof id === 'string' && /^\d+\.\d+$/.test(id)
}

export interface RealtimeAppCredentials {
  id: string
  key: string
  secret: string
}
