/**
 * Conformance: private and presence channel authorization, presence membership and client events,
 * through `pusher-js` with an auth endpoint that signs with the `pusher` SDK.
 * Targets the in-repo server on 127.0.0.1, or the server named by REALTIME_TEST_HOST, _PORT, _APP_ID,
 * _KEY and _SECRET when set (see helpers.ts).
 */
import type { Members, Options, PresenceChannel } from 'pusher-js'
import { describe, expect, it } from 'vitest'
import {
  SubscriptionError,
  connectClient,
  flush,
  nextEvent,
  record,
  serverSdk,
  subscribe,
  uniqueChannel,
  waitUntil,
  useTargetWithAuth,
} from './helpers'

const room = uniqueChannel('presence-room')
const privateChannel = uniqueChannel('private-team')

const { target, auth } = useTargetWithAuth(
  // Only alice, bob and carol may join; nobody may join private-secret-*.
  (user, channel) => ['alice', 'bob', 'carol'].includes(user) && !channel.includes('-secret-'),
)

const connectAs = (user: string) => connectClient(target, { channelAuthorization: auth.as(user) })

/** Subscribes expecting failure; returns the subscription error's data. */
async function refusal(promise: Promise<unknown>): Promise<SubscriptionError['data']> {
  const err: unknown = await promise.then(
    () => new Error('expected the subscription to be refused'),
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(SubscriptionError)
  return (err as SubscriptionError).data
}

/** A pusher-js client whose "auth endpoint" returns whatever `forge` makes of a real signature. */
function connectForging(
  forge: (socketId: string, channel: string) => { auth: string; channel_data?: string },
) {
  const channelAuthorization: Options['channelAuthorization'] = {
    customHandler: ({ socketId, channelName }, callback) =>
      callback(null, forge(socketId, channelName)),
  }
  return connectClient(target, { channelAuthorization })
}

function memberIds(members: Members): string[] {
  const ids: string[] = []
  members.each((member: { id: string }) => ids.push(member.id))
  return ids.sort()
}

describe('private channels', () => {
  it('lets an allowed user subscribe and receive events', async () => {
    const client = await connectAs('alice')
    const channel = await subscribe(client, privateChannel)
    const arrival = nextEvent(channel, 'update')
    await serverSdk(target).trigger(privateChannel, 'update', { ok: true })
    expect((await arrival).data).toEqual({ ok: true })
  })

  it('reports the endpoint refusing a user as an AuthError with status 403', async () => {
    const client = await connectAs('mallory')
    const data = await refusal(subscribe(client, uniqueChannel('private-team')))
    expect(data.type).toBe('AuthError')
    expect(data.status).toBe(403)
  })

  it('refuses a forged auth signature with an AuthError and delivers nothing', async () => {
    const name = uniqueChannel('private-forged')
    const client = await connectForging(() => ({ auth: `${target.key}:${'0'.repeat(64)}` }))
    const pending = subscribe(client, name)
    const received = record(client.channel(name), 'update')
    const data = await refusal(pending)
    expect(data).toMatchObject({ type: 'AuthError', status: 401 })
    await serverSdk(target).trigger(name, 'update', { leaked: true })
    // The forged socket is not a subscriber, so a public marker cannot flush it: wait on a channel it holds.
    const open = await subscribe(client, uniqueChannel('public-marker'))
    await flush(target, [open])
    expect(received).toEqual([])
  })

  it('refuses an auth signed for another socket', async () => {
    const sdk = serverSdk(target)
    const client = await connectForging((_socketId, channel) =>
      sdk.authorizeChannel('1234.5678', channel),
    )
    const data = await refusal(subscribe(client, uniqueChannel('private-stolen')))
    expect(data).toMatchObject({ type: 'AuthError', status: 401 })
  })
})

describe('presence channels', () => {
  it('refuses channel_data changed after signing', async () => {
    const sdk = serverSdk(target)
    const client = await connectForging((socketId, channel) => {
      const signed = sdk.authorizeChannel(socketId, channel, { user_id: 'alice' })
      return { auth: signed.auth, channel_data: JSON.stringify({ user_id: 'admin' }) }
    })
    const data = await refusal(subscribe(client, uniqueChannel('presence-forged')))
    expect(data).toMatchObject({ type: 'AuthError', status: 401 })
  })

  it('tracks members: added, one member per user across sockets, removed on last leave', async () => {
    const alice = await connectAs('alice')
    const aliceRoom = (await subscribe(alice, room)) as PresenceChannel
    expect(aliceRoom.members.count).toBe(1)
    expect(aliceRoom.members.me).toEqual({ id: 'alice', info: { name: 'User alice' } })

    const added = nextEvent(aliceRoom, 'pusher:member_added')
    const bob = await connectAs('bob')
    const bobRoom = (await subscribe(bob, room)) as PresenceChannel
    expect((await added).data).toEqual({ id: 'bob', info: { name: 'User bob' } })
    expect(memberIds(bobRoom.members)).toEqual(['alice', 'bob'])
    expect(bobRoom.members.get('alice')).toEqual({ id: 'alice', info: { name: 'User alice' } })

    // Bob's second socket is the same member: nobody hears of it, counts stay at 2.
    const changes = [
      record(aliceRoom, 'pusher:member_added'),
      record(aliceRoom, 'pusher:member_removed'),
    ]
    const bobAgain = await connectAs('bob')
    const bobAgainRoom = (await subscribe(bobAgain, room)) as PresenceChannel
    expect(bobAgainRoom.members.count).toBe(2)
    // Only bob's first socket is in `watch`, so its member_removed there shows the server saw it close.
    const watch = uniqueChannel('presence-watch')
    const aliceWatch = await subscribe(alice, watch)
    await subscribe(bob, watch)
    const bobClosed = nextEvent(aliceWatch, 'pusher:member_removed')
    bob.disconnect()
    expect((await bobClosed).data).toMatchObject({ id: 'bob' })
    await flush(target, [aliceRoom])
    expect(changes).toEqual([[], []])
    expect(aliceRoom.members.count).toBe(2)

    const removed = nextEvent(aliceRoom, 'pusher:member_removed')
    bobAgain.disconnect()
    expect((await removed).data).toEqual({ id: 'bob', info: { name: 'User bob' } })
    expect(memberIds(aliceRoom.members)).toEqual(['alice'])
  })

  it('removes a member who unsubscribes', async () => {
    const name = uniqueChannel('presence-leave')
    const alice = await connectAs('alice')
    const aliceRoom = await subscribe(alice, name)
    const carol = await connectAs('carol')
    await subscribe(carol, name)
    const removed = nextEvent(aliceRoom, 'pusher:member_removed')
    carol.unsubscribe(name)
    expect((await removed).data).toMatchObject({ id: 'carol' })
  })
})

describe('client events', () => {
  /** Alice and Bob on sockets of their own, both subscribed to a fresh channel. */
  async function aliceAndBobOn(prefix: string) {
    const name = uniqueChannel(prefix)
    const alice = await connectAs('alice')
    const bob = await connectAs('bob')
    const aliceChannel = await subscribe(alice, name)
    const bobChannel = await subscribe(bob, name)
    return { alice, aliceChannel, bobChannel }
  }

  it('reach the other subscribers of a private channel but never the sender', async () => {
    const { aliceChannel, bobChannel } = await aliceAndBobOn('private-chat')
    const echoes = record(aliceChannel, 'client-typing')
    const arrival = nextEvent(bobChannel, 'client-typing')
    expect(aliceChannel.trigger('client-typing', { typing: true })).toBe(true)
    const received = await arrival
    expect(received.data).toEqual({ typing: true })
    expect(received.metadata?.user_id).toBeUndefined()
    await flush(target, [aliceChannel])
    expect(echoes).toEqual([])
  })

  it('carry the sender user_id on presence channels', async () => {
    const { aliceChannel: aliceRoom, bobChannel: bobRoom } = await aliceAndBobOn('presence-chat')
    const arrival = nextEvent(bobRoom, 'client-wave')
    aliceRoom.trigger('client-wave', { to: 'bob' })
    const received = await arrival
    expect(received.data).toEqual({ to: 'bob' })
    expect(received.metadata?.user_id).toBe('alice')
  })

  it('are refused on public channels with a pusher:error and not delivered', async () => {
    const name = uniqueChannel('lobby')
    const sender = await connectClient(target)
    const other = await connectClient(target)
    const senderChannel = await subscribe(sender, name)
    const otherChannel = await subscribe(other, name)
    const received = record(otherChannel, 'client-shout')
    const refused = waitUntil<{ type: string; data: { code: unknown; message: string } }>(
      'pusher:error after a public client event',
      (done) => sender.connection.bind('error', done),
    )
    senderChannel.trigger('client-shout', { loud: true })
    const error = await refused
    expect(error.type).toBe('PusherError')
    expect(error.data.message).toMatch(/client event/i)
    await flush(target, [otherChannel])
    expect(received).toEqual([])
    expect(sender.connection.state).toBe('connected')
  })

  it('are limited to 10 a second per connection: more get pusher:error 4301', async () => {
    const { alice, aliceChannel, bobChannel } = await aliceAndBobOn('private-burst')
    const received = record(bobChannel, 'client-tick')
    const refused = waitUntil<{ data: { code: unknown } }>('pusher:error 4301', (done) =>
      alice.connection.bind('error', done),
    )
    for (let i = 0; i < 15; i++) aliceChannel.trigger('client-tick', { i })
    expect((await refused).data.code).toBe(4301)
    await flush(target, [bobChannel])
    expect(received.length).toBe(10)
    expect(alice.connection.state).toBe('connected')
  })
})
