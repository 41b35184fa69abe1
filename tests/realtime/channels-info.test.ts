/**
 * Conformance: channel queries of the HTTP API (`pusher` SDK's get) against channels held open by
 * `pusher-js` clients. Targets the in-repo server on 127.0.0.1, or the server named by
 * REALTIME_TEST_HOST, _PORT, _APP_ID, _KEY and _SECRET when set (see helpers.ts).
 */
import PusherServer from 'pusher'
import { describe, expect, it } from 'vitest'
import {
  connectClient,
  serverSdk,
  subscribe,
  uniqueChannel,
  waitUntil,
  useTargetWithAuth,
} from './helpers'

const { target, auth } = useTargetWithAuth(() => true)

async function getJson(path: string, params?: Record<string, string>): Promise<unknown> {
  const response = await serverSdk(target).get({ path, params })
  expect(response.status).toBe(200)
  return response.json()
}

async function getStatus(path: string, params?: Record<string, string>): Promise<number> {
  return serverSdk(target)
    .get({ path, params })
    .then(
      (response) => response.status,
      (err: PusherServer.RequestError) => err.status ?? -1,
    )
}

describe('channels API', () => {
  it('lists occupied channels, filtered by prefix, with user_count for presence', async () => {
    const tag = uniqueChannel('q')
    const publicName = `${tag}-public`
    const presenceName = `presence-${tag}`
    const alice = await connectClient(target, { channelAuthorization: auth.as('alice') })
    const bob = await connectClient(target, { channelAuthorization: auth.as('bob') })
    await subscribe(alice, publicName)
    await subscribe(alice, presenceName)
    await subscribe(bob, presenceName)

    const all = (await getJson('/channels')) as { channels: Record<string, unknown> }
    expect(all.channels[publicName]).toEqual({})
    expect(all.channels[presenceName]).toEqual({})
    expect(await getJson('/channels', { filter_by_prefix: tag })).toEqual({
      channels: { [publicName]: {} },
    })
    expect(
      await getJson('/channels', { filter_by_prefix: `presence-${tag}`, info: 'user_count' }),
    ).toEqual({ channels: { [presenceName]: { user_count: 2 } } })
  })

  it('refuses user_count without a presence- prefix filter with 400', async () => {
    expect(await getStatus('/channels', { info: 'user_count' })).toBe(400)
  })

  it('describes one channel: occupied, subscription_count, user_count', async () => {
    const name = uniqueChannel('presence-info')
    const alice = await connectClient(target, { channelAuthorization: auth.as('alice') })
    const aliceAgain = await connectClient(target, { channelAuthorization: auth.as('alice') })
    await subscribe(alice, name)
    await subscribe(aliceAgain, name)
    expect(await getJson(`/channels/${name}`, { info: 'user_count,subscription_count' })).toEqual({
      occupied: true,
      user_count: 1,
      subscription_count: 2,
    })
    expect(await getJson(`/channels/${uniqueChannel('empty')}`)).toEqual({ occupied: false })
  })

  it('becomes unoccupied once the last subscriber leaves', async () => {
    const name = uniqueChannel('leaving')
    const client = await connectClient(target)
    await subscribe(client, name)
    expect(await getJson(`/channels/${name}`)).toEqual({ occupied: true })
    client.unsubscribe(name)
    // Unsubscribing is fire-and-forget in pusher-js: poll, bounded, until the server has seen it.
    await waitUntil('channel to empty', (done) => {
      const poll = async () => {
        const info = (await getJson(`/channels/${name}`)) as { occupied: boolean }
        if (!info.occupied) done()
        else setTimeout(() => void poll(), 50)
      }
      void poll()
    })
    const { channels } = (await getJson('/channels')) as { channels: Record<string, unknown> }
    expect(Object.keys(channels)).not.toContain(name)
  })

  it('lists the users of a presence channel, one per user id', async () => {
    const name = uniqueChannel('presence-users')
    for (const user of ['alice', 'bob', 'bob']) {
      const client = await connectClient(target, { channelAuthorization: auth.as(user) })
      await subscribe(client, name)
    }
    const { users } = (await getJson(`/channels/${name}/users`)) as { users: Array<{ id: string }> }
    expect(users.map((u) => u.id).sort()).toEqual(['alice', 'bob'])
  })

  it('refuses users of a non-presence channel with 400', async () => {
    expect(await getStatus(`/channels/${uniqueChannel('private-x')}/users`)).toBe(400)
  })

  it('refuses a query signed with the wrong secret with 401', async () => {
    const status = await serverSdk(target, { secret: 'wrong' })
      .get({ path: '/channels' })
      .then(
        (r) => r.status,
        (err: PusherServer.RequestError) => err.status,
      )
    expect(status).toBe(401)
  })
})
