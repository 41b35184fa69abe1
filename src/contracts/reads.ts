import { VIBE_EMOJI_NAMES, type VibeEmojiName } from '@/rules/localSpots'
import { EMOJI, type EmojiName } from '@/rules/targets'
import { FORUM_TYPES } from '@/rules/forum'
import { MESSAGES } from '@/rules/messages'
import { NEW_POST_KINDS, NEW_POSTS_MAX } from '@/rules/newPosts'
import { SEARCH_KINDS } from '@/rules/search'
import { mentionSearchSchema } from '@/schemas/mention'
import { z } from '@/schemas/zod'
import { defineContract } from './contract'

/**
 * The public lists the islands page through and any client may read. Their handlers read their
 * query leniently (odd paging falls back to page 1, never a 5xx); these say what they take.
 */
const page = z.string().optional().describe('The page, from 1 (anything else reads page 1)')
const author = z.object({
  id: z.number().int(),
  userName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
})
const textPart = z.object({ text: z.string(), mark: z.boolean() })

export const topReviewersList = defineContract({
  method: 'GET',
  path: '/api/top-reviewers',
  summary: 'The members with the most reviews and reactions to them',
  tag: 'reviews',
  caller: 'anyone',
  input: z.object({ limit: z.string().optional().describe('1 to 100 (20 when not a number)') }),
  output: z.object({
    reviewers: z.array(
      z.object({
        id: z.number().int(),
        userName: z.string(),
        name: z.string().nullable(),
        avatarUrl: z.string().nullable(),
        reviewCount: z.number().int(),
        reactionCount: z.number().int(),
      }),
    ),
  }),
})

export const forumList = defineContract({
  method: 'GET',
  path: '/api/forum',
  summary: 'The community forum: discussions, events, stories and polls, newest first',
  tag: 'forum',
  caller: 'anyone',
  input: z.object({
    type: z.enum(FORUM_TYPES, { message: 'Unknown feed type.' }).optional(),
    page,
  }),
  output: z.object({
    cards: z.array(
      z.object({
        type: z.enum(FORUM_TYPES),
        id: z.number().int(),
        title: z.string(),
        text: z.string(),
        neighbourhoodSlug: z.string().nullable(),
        author: author.nullable(),
        createdAt: z.string(),
      }),
    ),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  }),
  // The same for every reader: the island reads it without the cookie, from the shared cache.
  cache: 'shared',
})

const searchSuggestion = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.number().int(),
  title: z.string(),
  href: z.string(),
  context: z.string().nullable(),
})

export const searchQuery = defineContract({
  method: 'GET',
  path: '/api/search',
  summary: 'Site search: 20 results a page, with the count of each kind',
  tag: 'search',
  caller: 'anyone',
  input: z.object({
    q: z.string().optional().describe('What to find (cut to 200 characters; empty finds nothing)'),
    type: z.enum(SEARCH_KINDS, { message: 'Unknown result type.' }).optional(),
    page,
  }),
  output: z.object({
    q: z.string(),
    type: z.enum(SEARCH_KINDS).nullable(),
    page: z.number().int(),
    counts: z.record(z.string(), z.number().int()).describe('Matches per kind (every kind)'),
    total: z.number().int(),
    hits: z.array(
      z.object({
        kind: z.enum(SEARCH_KINDS),
        id: z.number().int(),
        title: z.array(textPart),
        excerpt: z.array(textPart),
        neighbourhood: z.object({ name: z.string(), slug: z.string() }).nullable(),
        href: z.string(),
      }),
    ),
    hasNext: z.boolean(),
    closest: z.array(searchSuggestion),
  }),
})

export const discussionsList = defineContract({
  method: 'GET',
  path: '/api/discussions/list',
  summary: 'Discussions as the list page shows them, newest first (by tag, by neighbourhood)',
  tag: 'discussions',
  caller: 'anyone',
  input: z.object({
    tag: z.string().optional(),
    neighbourhood: z.string().optional().describe("A neighbourhood's slug"),
    page,
  }),
  output: z.object({
    tag: z.string().nullable(),
    page: z.number().int(),
    neighbourhoodSlug: z.string().nullable(),
    cards: z.array(
      z.looseObject({
        id: z.number().int(),
        title: z.string(),
        tags: z.array(z.string()),
        author: author.nullable(),
        reactionCount: z.number().int(),
        commentCount: z.number().int(),
        createdAt: z.string(),
        excerpt: z.string(),
        href: z.string(),
      }),
    ),
    total: z.number().int(),
    totalPages: z.number().int(),
    pageSize: z.number().int(),
  }),
})

/** A local spot's card, as the page and the island show it (src/views/localSpot.ts). */
const localSpotView = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.string(),
  categoryLabel: z.string(),
  description: z.string(),
  address: z.string(),
  googleMapsUrl: z.string(),
  imageId: z.number().int().nullable(),
  imageUrl: z.string().nullable(),
  emojis: z.array(z.enum(VIBE_EMOJI_NAMES as [VibeEmojiName, ...VibeEmojiName[]])),
  author: author.nullable(),
  badges: z.array(z.object({ id: z.number().int(), label: z.string(), colour: z.string() })),
  reactionCounts: z.partialRecord(
    z.enum(Object.keys(EMOJI) as [EmojiName, ...EmojiName[]]),
    z.number().int().min(0),
  ),
  createdAt: z.string(),
  updatedAt: z.string(),
})

export const localSpotsList = defineContract({
  method: 'GET',
  path: '/api/local-businesses/spots',
  summary: "A neighbourhood's local spots, newest first, with reactions and badges",
  tag: 'local-businesses',
  caller: 'anyone',
  input: z.object({
    neighbourhood: z.string().regex(/^\d{1,9}$/, { message: MESSAGES.selectNeighbourhood }),
    page,
    pages: z.string().optional().describe('How many pages from `page` (the island re-reads)'),
  }),
  output: z.object({
    spots: z.array(localSpotView),
    pages: z.number().int(),
    total: z.number().int(),
    hasMore: z.boolean(),
    now: z.string(),
  }),
  refusals: { 404: MESSAGES.neighbourhoodNotFound },
})

export const mentionableMembers = defineContract({
  method: 'GET',
  path: '/api/users/mentionable',
  summary: 'Members whose user name starts with what was typed after @',
  tag: 'users',
  caller: 'signed-in',
  signIn: 'Sign in to mention members.',
  cache: 'private',
  input: mentionSearchSchema,
  output: z.object({
    members: z.array(z.object({ userName: z.string(), name: z.string().nullable() })),
  }),
})

const placeSearch = { 429: MESSAGES.placeSearchBusy, 502: MESSAGES.searchFailed } as const

export const geocodeSearch = defineContract({
  method: 'GET',
  path: '/api/geocode/search',
  summary: 'Places matching a name or address (at most 5), for the neighbourhood and spot forms',
  tag: 'geocode',
  caller: 'signed-in',
  signIn: MESSAGES.placeSearchSignIn,
  input: z.object({
    q: z.string().trim().min(2, MESSAGES.placeQueryInvalid).max(200, MESSAGES.placeQueryInvalid),
  }),
  output: z.array(z.object({ lat: z.number(), lon: z.number(), displayName: z.string() })),
  refusals: { 502: placeSearch[502] },
})

export const geocodeReverse = defineContract({
  method: 'GET',
  path: '/api/geocode/reverse',
  summary: 'The name and address at a point (both null when nothing is there)',
  tag: 'geocode',
  caller: 'signed-in',
  signIn: MESSAGES.placeSearchSignIn,
  input: z.object({ lat: z.string(), lon: z.string() }),
  output: z.object({ name: z.string().nullable(), address: z.string().nullable() }),
  refusals: { 502: placeSearch[502] },
})

export const populationSum = defineContract({
  method: 'POST',
  path: '/api/population/sum',
  summary: "Residents inside a polygon, from the 2021 census (the population service's contract)",
  tag: 'population',
  caller: 'anyone',
  input: z.object({
    polygon_geojson: z.unknown().describe('A GeoJSON Polygon or MultiPolygon (WGS 84)'),
    year: z.number().int().optional(),
  }),
  output: z.object({
    population: z.number().nullable(),
    year: z.number().int(),
    source: z.string(),
    quality: z.number(),
    message: z.string().optional(),
  }),
})

export const newPostsSince = defineContract({
  method: 'GET',
  path: '/api/new-posts',
  summary: "A neighbourhood's posts of one kind listed after a moment (what an open list missed)",
  tag: 'neighbourhoods',
  caller: 'anyone',
  input: z.object({
    neighbourhood: z.coerce
      .number()
      .int()
      .positive({ message: 'Unknown neighbourhood.' })
      .max(2 ** 31 - 1, { message: 'Unknown neighbourhood.' }),
    kind: z.enum(NEW_POST_KINDS, { message: 'Unknown kind of post.' }),
    after: z.coerce
      .number()
      .int()
      .nonnegative({ message: 'After must be a time in milliseconds.' })
      // The latest moment a JavaScript date can hold.
      .max(8.64e15, { message: 'After must be a time in milliseconds.' })
      .describe('Milliseconds since 1970: the page was rendered then'),
  }),
  output: z.object({
    ids: z.array(z.number().int()).describe(`Newest first, at most ${NEW_POSTS_MAX}`),
  }),
  cache: 'shared',
})
