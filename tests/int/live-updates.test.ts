import type PusherClient from 'pusher-js'
import { describe, expect, it } from 'vitest'

import {
  connectClient,
  flush,
  nextEvent,
  record,
  serverSdk,
  subscribe,
  SubscriptionError,
} from '@tests/realtime/helpers'
import { createAs, liveTestSiteForFile, placeFields } from './harness'

let neighbourhoodId: number

const peckham = placeFields('Peckham', 'Rooftops', ['Creative'])
const { site, realtime, alice, bob } = liveTestSiteForFile(async () => {
  neighbourhoodId = await createAs(site, alice, '/api/neighbourhoods', peckham)
})

/** pusher-js asks the app's own auth endpoint, carrying the given session cookie. */
function clientWithSession(cookie?: string): Promise<PusherClient> {
  return connectClient(realtime, {
    channelAuthorization: {
      endpoint: '/api/realtime/auth',
      transport: 'ajax',
      customHandler: ({ socketId, channelName }, callback) => {
        void site
          .api<{ auth?: string; errors?: { message: string }[] }>('POST', '/api/realtime/auth', {
            form: { socket_id: socketId, channel_name: channelName },
            cookie,
          })
          .then(({ status, body }) =>
            status === 200
              ? callback(null, { auth: body.auth! })
              : callback(new Error(body.errors?.[0]?.message ?? String(status)), null),
          )
      },
    },
  })
}

/** A visitor (no session) on the neighbourhood's public channel. */
const readNeighbourhood = async () =>
  subscribe(await clientWithSession(), `neighbourhood-${neighbourhoodId}`)

/** neighbourhoods.edit takes the whole form: its fields as made, with `body`'s changes. */
const editNeighbourhood = (body: object, cookie: string) =>
  site.api('PATCH', `/api/neighbourhoods/${neighbourhoodId}/details`, {
    body: { ...peckham, ...body },
    cookie,
  })

describe('live updates after REST writes', () => {
  it('pushes a neighbourhood edit to readers of its channel after the commit', async () => {
    const channel = await readNeighbourhood()
    const event = nextEvent(channel, 'neighbourhood.updated')
    const patch = await editNeighbourhood(
      { tagline: 'Rooftop bars and the Bussey Building' },
      alice.cookie,
    )
    expect(patch.status).toBe(200)
    const { data } = await event
    expect(data).toMatchObject({
      id: neighbourhoodId,
      tagline: 'Rooftop bars and the Bussey Building',
    })
  })

  it('pushes a new review to the neighbourhood channel', async () => {
    const channel = await readNeighbourhood()
    const event = nextEvent(channel, 'review.created')
    const review = await site.api('POST', '/api/reviews/new', {
      body: {
        neighbourhood: neighbourhoodId,
        rating: 4,
        comment: 'Great food market.',
        authorName: 'x',
      },
      cookie: bob.cookie,
    })
    expect(review.status).toBe(201)
    const { data } = await event
    expect(data).toMatchObject({ authorName: 'bob', rating: 4, comment: 'Great food market.' })
  })

  it('pushes nothing when the write is refused', async () => {
    const channel = await readNeighbourhood()
    const received = record(channel, 'neighbourhood.updated')
    const refused = await editNeighbourhood({ tagline: 'Not allowed' }, bob.cookie)
    expect(refused.status).toBe(403)
    const invalid = await editNeighbourhood({ vibes: ['Noisy'] }, alice.cookie)
    expect(invalid.status).toBe(400)
    await flush(realtime, [channel])
    expect(received).toEqual([])
  })

  it('lets a user join their own private channel and no one else’s', async () => {
    const own = await clientWithSession(alice.cookie)
    const channel = await subscribe(own, `private-user-${alice.id}`)
    const message = nextEvent(channel, 'notification.created')
    await serverSdk(realtime).trigger(`private-user-${alice.id}`, 'notification.created', { n: 1 })
    expect((await message).data).toEqual({ n: 1 })

    const intruder = await clientWithSession(bob.cookie)
    await expect(subscribe(intruder, `private-user-${alice.id}`)).rejects.toBeInstanceOf(
      SubscriptionError,
    )
    const visitor = await clientWithSession()
    await expect(subscribe(visitor, `private-user-${alice.id}`)).rejects.toBeInstanceOf(
      SubscriptionError,
    )
  })
})
