import { fillPath } from '@/contracts/contract'
import { routes } from '@/contracts/routes'

import type { World } from './capacityWorld'
import type { Kind, Session } from './mix'
import type { Call, Visit } from './visits'

/** The pages every reader and reading member visits in turn. */
export const readingPages = (world: World) => [
  '/',
  `/neighbourhood/${world.neighbourhood.slug}`,
  world.story.path,
  world.event.path,
  '/forum',
]

/** The page a member votes on (recorded beside the reading pages). */
export const pollPage = (world: World) => `/polls/${world.polls[0]}`

/** Each vote is a new (member, poll) pair: a member votes once on a poll (SPEC §5). */
function votes(world: World, voters: Session[]) {
  let next = 0
  return () => {
    const pair = next++
    const poll = world.polls[pair % world.polls.length]!
    const session = voters[Math.floor(pair / world.polls.length) % voters.length]!
    return { poll, session }
  }
}

/**
 * A member's write after reading the page, sent as the island sends it: reviews and comments
 * through their collection's REST route, the reaction, RSVP and vote through their contracts.
 */
function writeCall(
  front: string,
  path: string,
  fresh: () => { path?: string; body: string; session?: Session },
): Call {
  return {
    method: 'POST',
    path,
    headers: {
      'content-type': 'application/json',
      origin: front,
      'sec-fetch-site': 'same-origin',
      'accept-encoding': 'gzip',
    },
    withSession: true,
    fresh,
  }
}

function writes(front: string, world: World, voters: Session[]): Record<string, Call> {
  let n = 0
  const vote = votes(world, voters)
  const json = (value: unknown) => JSON.stringify(value)
  return {
    review: writeCall(front, routes['reviews.post'][1], () => ({
      body: json({
        neighbourhood: world.neighbourhood.id,
        rating: 1 + (n % 5),
        comment: `Capacity bench review ${++n}: quiet streets, a good market, buses every few minutes.`,
      }),
    })),
    comment: writeCall(front, routes['comments.post'][1], () => ({
      body: json({
        targetKind: 'story',
        targetId: world.story.id,
        parent: null,
        content: `Capacity bench comment ${++n}`,
      }),
    })),
    // The same emoji again takes it back: a member's reactions come and go.
    reaction: writeCall(front, routes['reactions.toggle'][1], () => ({
      body: json({
        targetKind: 'review',
        targetId: world.reviews[n++ % world.reviews.length],
        emoji: 'heart',
      }),
    })),
    rsvp: writeCall(front, fillPath(routes['events.rsvp'][1], { id: world.event.id }), () => ({
      body: json({ status: 'attending' }),
    })),
    vote: writeCall(front, routes['polls.vote'][1], () => {
      const { poll, session } = vote()
      return {
        path: fillPath(routes['polls.vote'][1], { id: poll }),
        body: json({ optionIndex: poll % 2 }),
        session,
      }
    }),
  }
}

/**
 * The mix of issue 57: 70% readers signed out, 25% members reading the same pages, 5% members
 * writing (a review, a comment, a reaction, an RSVP, a vote, each after loading its page).
 */
export function kindsOf(
  front: string,
  world: World,
  sessions: Session[],
  voters: Session[],
  readers: Visit[],
  members: Visit[],
): Kind[] {
  let member = 0
  const session = () => sessions[member++ % sessions.length]!
  const signedIn = (page: string) => members.find((visit) => visit.page === page)!
  const write = writes(front, world, voters)
  const withWrite = (page: string, call: Call): Visit => ({
    page,
    calls: [...signedIn(page).calls, call],
  })
  const [, neighbourhood, story, events] = readingPages(world) as [string, string, string, string]
  return [
    { name: 'readers', share: 0.7, visits: readers, connections: 64 },
    {
      name: 'members reading',
      share: 0.25,
      visits: readingPages(world).map(signedIn),
      session,
      connections: 32,
    },
    {
      name: 'members writing',
      share: 0.05,
      visits: [
        withWrite(neighbourhood, write.review!),
        withWrite(story, write.comment!),
        withWrite(neighbourhood, write.reaction!),
        withWrite(events, write.rsvp!),
        withWrite(pollPage(world), write.vote!),
      ],
      session,
      connections: 16,
    },
  ]
}

/** Votes a run of `pageViews` page views in all makes (a fifth of the writes). */
export const votesIn = (pageViews: number) => Math.ceil((pageViews * 0.05) / 5)
