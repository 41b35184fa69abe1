import type { Payload } from 'payload'

import { pgPool } from '@/server/database/db'
import { postEvent } from '@collections/Events/endpoints/create'

import type { Contracts } from '@/contracts'
import type { InputOf } from '@/contracts/contract'
import { postComment } from '@collections/Comments/endpoints/post'
import { postDiscussion } from '@collections/Discussions/endpoints/post'
import { postPoll } from '@collections/Polls/endpoints/post'
import { runCommand } from '@collections/shared/command'
import { postStory } from '@collections/Stories/endpoints/post'

import { seededMembers } from './members'
import type { Rng } from './random'

type CommentInput = InputOf<Contracts['comments.post']>

/** Demo stories, events, discussions, polls, comments, reactions, RSVPs and votes. */
const STORIES = [
  [
    'Sunday morning at the market',
    'Queued for the best sourdough in the area, then lost an hour chatting to the cheese stall.',
    ['food', 'brunch'],
  ],
  [
    'The hidden garden behind the library',
    'A tiny community garden most people walk straight past. Volunteers meet on Thursdays.',
    ['hidden gem', 'parks'],
  ],
  [
    'Our street party',
    'Forty neighbours, six barbecues and a bouncy castle that nearly took off.',
    ['family', 'festival'],
  ],
  [
    'Best cheap eats',
    'Three places where lunch is under a tenner and nobody rushes you out.',
    ['food'],
  ],
  [
    'Late-night swim at the lido',
    'Summer evening sessions are the best-kept secret of the neighbourhood.',
    ['parks', 'hidden gem'],
  ],
  [
    'A festival on our doorstep',
    'The summer festival took over the high street and it was brilliant.',
    ['festival'],
  ],
] as const

const DISCUSSIONS = [
  [
    'Best cafés to work from?',
    'Looking for somewhere with decent wifi and plugs that doesn’t mind laptops.',
    ['food', 'work'],
  ],
  [
    'Is the new cycle lane working?',
    'Six months in, has anyone noticed a difference on the school run?',
    ['transport'],
  ],
  [
    'Recommendations for a good GP',
    'Just moved and need to register somewhere with short waiting times.',
    ['health'],
  ],
  [
    'Noise from the new bar',
    'Anyone else kept awake on Fridays? Wondering whether to contact the council.',
    ['noise'],
  ],
  [
    'Where do you take visitors?',
    'Family coming down next month. Looking for things beyond the obvious tourist spots.',
    ['tips'],
  ],
  [
    'Allotment waiting lists',
    'How long did you wait? I have been on the list for two years.',
    ['parks'],
  ],
] as const

const EVENTS = [
  [
    'Community litter pick',
    'Gloves and bags provided. Tea and biscuits afterwards.',
    'Meet at the park gates',
    ['community'],
  ],
  [
    'Open studios weekend',
    'Local artists open their doors. Free entry.',
    'Various studios',
    ['arts'],
  ],
  [
    'Summer street food night',
    'Twelve traders, live music and a bar.',
    'Market square',
    ['food', 'festival'],
  ],
  ['Family film in the park', 'Bring a blanket. Film starts at dusk.', 'The big lawn', ['family']],
  ['Running club taster', 'A friendly 5k for all paces.', 'Leisure centre steps', ['sport']],
] as const

const POLLS = [
  [
    'What should the empty shop on the high street become?',
    ['Bakery', 'Bookshop', 'Co-working space', 'Community café'],
  ],
  ['Best day for the farmers’ market?', ['Saturday', 'Sunday']],
  ['Would you use a neighbourhood tool library?', ['Yes, often', 'Now and then', 'Probably not']],
] as const

const COMMENTS = [
  'Completely agree with this.',
  'Thanks for sharing, I had no idea!',
  'We went last weekend and loved it.',
  'Has anyone tried the place on the corner?',
  'Same experience here.',
  'Great tip, adding it to my list.',
]

const context = { disableLive: true, disableRevalidate: true, disablePopulation: true }

export async function seedCommunity(
  payload: Payload,
  rng: Rng,
  users: number[],
  neighbourhoods: number[],
  reviews: number[],
  log: (line: string) => void,
) {
  const opts = { overrideAccess: true, context } as const
  const now = Date.now()
  const day = 86_400_000
  const author = () => rng.pick(users)
  // Members' posts go through the same commands as the site's forms, written as their author.
  const asMember = seededMembers(payload)
  const stories: number[] = []
  for (const [i, [title, description, tags]] of STORIES.entries()) {
    const { doc } = await runCommand(payload, 'stories.post', postStory, {
      user: await asMember(author()),
      input: {
        title,
        description,
        tags: [...tags],
        isPublic: true,
        neighbourhood: neighbourhoods[i * 3]!,
      },
      context,
    })
    stories.push(doc.id)
  }
  const discussions: number[] = []
  for (const [i, [title, content, tags]] of DISCUSSIONS.entries()) {
    const { doc } = await runCommand(payload, 'discussions.post', postDiscussion, {
      user: await asMember(author()),
      input: { title, content, tags: [...tags], neighbourhood: i % 2 ? neighbourhoods[i]! : null },
      context,
    })
    discussions.push(doc.id)
  }
  const events: number[] = []
  for (const [i, [title, description, location, tags]] of EVENTS.entries()) {
    const { doc } = await runCommand(payload, 'events.post', postEvent, {
      user: await asMember(author()),
      input: {
        title,
        description,
        location,
        tags: [...tags],
        isPublic: true,
        eventDate: new Date(now + (3 + i * 6) * day).toISOString(),
        neighbourhood: neighbourhoods[i * 2]!,
      },
      context,
    })
    events.push(doc.id)
  }
  const polls: number[] = []
  for (const [i, [question, options]] of POLLS.entries()) {
    const { doc } = await runCommand(payload, 'polls.post', postPoll, {
      user: await asMember(author()),
      input: {
        question,
        options: [...options],
        closeDate: new Date(now + (10 + i * 7) * day).toISOString(),
        neighbourhood: neighbourhoods[i]!,
      },
      context,
    })
    polls.push(doc.id)
    for (const user of rng.sample(users, 5)) {
      await payload.create({
        collection: 'poll-votes',
        data: { poll: doc.id, user, optionIndex: rng.int(0, options.length - 1) },
        ...opts,
      })
    }
  }
  for (const event of events) {
    for (const user of rng.sample(users, 4)) {
      await payload.create({
        collection: 'event-rsvps',
        data: { event, user, status: rng.pick(['attending', 'interested'] as const) },
        ...opts,
      })
    }
  }

  // Threads: a comment or two on some reviews, stories and discussions, with a reply.
  const threads: [kind: 'review' | 'story' | 'discussion', id: number][] = [
    ...reviews.slice(-12).map((id) => ['review', id] as ['review', number]),
    ...stories.map((id) => ['story', id] as ['story', number]),
    ...discussions.map((id) => ['discussion', id] as ['discussion', number]),
  ]
  // Members comment through comments.post, as the site's form and island do.
  const comment = async (input: Omit<CommentInput, 'content'>) => {
    const content = rng.pick(COMMENTS)
    const user = await asMember(author())
    const call = { user, input: { ...input, content }, context }
    return (await runCommand(payload, 'comments.post', postComment, call)).comment
  }
  let comments = 0
  for (const [targetKind, targetId] of threads) {
    const top = await comment({ targetKind, targetId })
    const reply = await comment({ targetKind, targetId, parent: top.id })
    comments += 2
    await react(payload, rng, `${targetKind}-comment`, reply.id, users, ['heart', 'thumbs-up'])
  }

  // Reactions straight into the table (the toggle endpoint is for people), then the counters.
  for (const id of reviews)
    await react(payload, rng, 'review', id, users, ['heart', 'thumbs-up', 'thumbs-down'])
  for (const id of stories) await react(payload, rng, 'story', id, users, ['heart', 'thumbs-up'])
  for (const id of discussions)
    await react(payload, rng, 'discussion', id, users, ['heart', 'thumbs-up'])
  const pool = pgPool(payload)
  for (const [table, kind] of [
    ['reviews', 'review'],
    ['stories', 'story'],
    ['discussions', 'discussion'],
    ['comments', null],
  ] as const) {
    const match = kind ? `target_kind = '${kind}'` : `target_kind::text LIKE '%-comment'`
    await pool.query(
      `UPDATE ${table} t SET reaction_count = (SELECT count(*) FROM reactions r WHERE ${match} AND r.target_id = t.id)`,
    )
  }
  log(
    `seed: ${stories.length} stories, ${events.length} events, ${discussions.length} discussions, ${polls.length} polls, ${comments} comments, reactions, RSVPs and votes`,
  )
}

async function react(
  payload: Payload,
  rng: Rng,
  targetKind: string,
  targetId: number,
  users: number[],
  emojis: string[],
) {
  for (const user of rng.sample(users, rng.int(0, 3))) {
    await payload.create({
      collection: 'reactions',
      data: { targetKind: targetKind as never, targetId, user, emoji: rng.pick(emojis) as never },
      overrideAccess: true,
      context,
    })
  }
}
