/**
 * Conformance: HTTP events API (`pusher` SDK) → public channels (`pusher-js`).
 * Targets the in-repo server on 127.0.0.1, or the server named by REALTIME_TEST_HOST, _PORT, _APP_ID,
 * _KEY and _SECRET when set (see helpers.ts).
 */
import PusherServer from 'pusher'
import { describe, expect, it } from 'vitest'
import {
  connectClient,
  flush,
  nextEvent,
  record,
  serverSdk,
  subscribe,
  uniqueChannel,
  useTarget,
} from './helpers'

const target = useTarget()

/** The SDK's rejection for a non-2xx answer, asserted to be its RequestError. */
async function rejection(promise: Promise<unknown>): Promise<PusherServer.RequestError> {
  const err: unknown = await promise.then(
    () => new Error('expected the request to be refused'),
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(PusherServer.RequestError)
  return err as PusherServer.RequestError
}

describe('events API → public channels', () => {
  it('delivers a triggered event with its JSON data and answers {}', async () => {
    const client = await connectClient(target)
    expect(client.connection.socket_id).toMatch(/^\d+\.\d+$/)
    const name = uniqueChannel('news')
    const channel = await subscribe(client, name)
    const arrival = nextEvent(channel, 'greeting')
    const response = await serverSdk(target).trigger(name, 'greeting', { text: 'hello', n: 1 })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({})
    expect((await arrival).data).toEqual({ text: 'hello', n: 1 })
  })

  it('passes string data through unchanged', async () => {
    const client = await connectClient(target)
    const channel = await subscribe(client, uniqueChannel('plain'))
    const arrival = nextEvent(channel, 'note')
    await serverSdk(target).trigger(channel.name, 'note', 'just text, not JSON')
    expect((await arrival).data).toBe('just text, not JSON')
  })

  it('delivers one trigger to every listed channel', async () => {
    const client = await connectClient(target)
    const first = await subscribe(client, uniqueChannel('multi-a'))
    const second = await subscribe(client, uniqueChannel('multi-b'))
    const arrivals = [nextEvent(first, 'fanout'), nextEvent(second, 'fanout')]
    await serverSdk(target).trigger([first.name, second.name], 'fanout', { id: 7 })
    const received = await Promise.all(arrivals)
    expect(received.map((r) => r.data)).toEqual([{ id: 7 }, { id: 7 }])
  })

  it('skips the connection named by socket_id', async () => {
    const sdk = serverSdk(target)
    const name = uniqueChannel('except')
    const author = await connectClient(target)
    const reader = await connectClient(target)
    const authorChannel = await subscribe(author, name)
    const readerChannel = await subscribe(reader, name)
    const toAuthor = record(authorChannel, 'posted')
    const arrival = nextEvent(readerChannel, 'posted')
    await sdk.trigger(name, 'posted', { by: 'author' }, { socket_id: author.connection.socket_id })
    expect((await arrival).data).toEqual({ by: 'author' })
    await flush(target, [authorChannel])
    expect(toAuthor).toEqual([])
  })

  /** A client on a fresh channel, recording the 'forged' events that must never reach it. */
  async function guardedChannel() {
    const client = await connectClient(target)
    const channel = await subscribe(client, uniqueChannel('guarded'))
    return { channel, received: record(channel, 'forged') }
  }

  it('refuses a request signed with the wrong secret (401) and delivers nothing', async () => {
    const { channel, received } = await guardedChannel()
    const forger = serverSdk(target, { secret: 'not-the-secret' })
    const err = await rejection(forger.trigger(channel.name, 'forged', { evil: true }))
    expect(err.status).toBe(401)
    expect(err.message).toBe('Unexpected status code 401')
    await flush(target, [channel])
    expect(received).toEqual([])
  })

  it('refuses an unknown key (401) and delivers nothing', async () => {
    const { channel, received } = await guardedChannel()
    const stranger = serverSdk(target, { key: 'unknown-key' })
    expect((await rejection(stranger.trigger(channel.name, 'forged', {}))).status).toBe(401)
    await flush(target, [channel])
    expect(received).toEqual([])
  })

  it('accepts data of exactly 10 KB and refuses 1 byte more with 413', async () => {
    const sdk = serverSdk(target)
    const client = await connectClient(target)
    const channel = await subscribe(client, uniqueChannel('sizes'))
    const received = record(channel, 'big')
    const limit = 10 * 1024
    const err = await rejection(sdk.trigger(channel.name, 'big', 'x'.repeat(limit + 1)))
    expect(err.status).toBe(413)
    const arrival = nextEvent(channel, 'big')
    await sdk.trigger(channel.name, 'big', 'y'.repeat(limit))
    expect((await arrival).data).toBe('y'.repeat(limit))
    expect(received).toHaveLength(1)
  })

  it('refuses a body that is not a JSON object with 400', async () => {
    // The SDK JSON-encodes post bodies, so a string body arrives as a JSON string, not an object.
    const err = await rejection(serverSdk(target).post({ path: '/events', body: 'not an event' }))
    expect(err.status).toBe(400)
  })
})

describe('batch events API', () => {
  it('delivers each event of a batch to its own channel, in order', async () => {
    const client = await connectClient(target)
    const first = await subscribe(client, uniqueChannel('batch-a'))
    const second = await subscribe(client, uniqueChannel('batch-b'))
    const onFirst = record(first, 'item')
    const onSecond = record(second, 'item')
    const response = await serverSdk(target).triggerBatch([
      { channel: first.name, name: 'item', data: { n: 1 } },
      { channel: second.name, name: 'item', data: { n: 2 } },
      { channel: first.name, name: 'item', data: 'three' },
    ])
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({})
    await flush(target, [first, second])
    expect(onFirst.map((r) => r.data)).toEqual([{ n: 1 }, 'three'])
    expect(onSecond.map((r) => r.data)).toEqual([{ n: 2 }])
  })

  it('refuses more than 10 events with 400 and delivers none of them', async () => {
    const client = await connectClient(target)
    const channel = await subscribe(client, uniqueChannel('batch-big'))
    const received = record(channel, 'item')
    const batch = Array.from({ length: 11 }, (_, n) => ({
      channel: channel.name,
      name: 'item',
      data: { n },
    }))
    expect((await rejection(serverSdk(target).triggerBatch(batch))).status).toBe(400)
    await flush(target, [channel])
    expect(received).toEqual([])
  })

  it('refuses a batch holding an oversize event with 413 and delivers none of it', async () => {
    const client = await connectClient(target)
    const channel = await subscribe(client, uniqueChannel('batch-size'))
    const received = record(channel, 'item')
    const batch = [
      { channel: channel.name, name: 'item', data: 'small' },
      { channel: channel.name, name: 'item', data: 'z'.repeat(10 * 1024 + 1) },
    ]
    expect((await rejection(serverSdk(target).triggerBatch(batch))).status).toBe(413)
    await flush(target, [channel])
    expect(received).toEqual([])
  })
})
