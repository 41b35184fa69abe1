import { PAGE_STATE_MAX_IDS } from '@/schemas/pageState'
import { z } from '@/schemas/zod'
import { defineContract } from './contract'
import { ownHiddenItem } from './moderation'

/**
 * The reads that keep a page current: the member's own state in one request, and what the
 * realtime connection needs. Their handlers answer before Payload where they can
 * (collections/Users/accounts/pageState.ts, src/server/services/realtimeEndpoints.ts).
 */
const ids = (what: string) =>
  z
    .string()
    .optional()
    .describe(`${what} ids, comma-separated (at most ${PAGE_STATE_MAX_IDS} in all)`)

export const pageStateRead = defineContract({
  method: 'GET',
  path: '/api/users/state',
  summary: "The page's personal state in one request (a visitor gets only the follower count)",
  tag: 'users',
  caller: 'anyone',
  cache: 'private',
  input: z.object({
    follow: z.string().optional().describe("A neighbourhood's id: its follower count"),
    reactions: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .describe("KIND:ID,ID,…, one per kind (repeated): the member's emoji on these targets"),
    rsvps: ids('Event'),
    votes: ids('Poll'),
    home: z.literal('1').optional().describe("The home's feeds from followed neighbourhoods"),
  }),
  output: z.object({
    at: z.number().describe('When the server began reading (ms since the epoch)'),
    user: z
      .looseObject({ id: z.number().int(), role: z.enum(['member', 'editor', 'admin']) })
      .nullable(),
    exp: z.number().optional().describe("When the session's token expires (s since the epoch)"),
    unread: z.number().int().optional(),
    messages: z.number().int().optional().describe('Conversations with unopened messages'),
    follow: z
      .object({
        neighbourhood: z.number().int(),
        count: z.number().int(),
        following: z.boolean().nullable(),
      })
      .optional(),
    hidden: z.array(ownHiddenItem).optional(),
    reactions: z.record(z.string(), z.record(z.string(), z.string())),
    rsvps: z.record(z.string(), z.string()).optional(),
    votes: z.record(z.string(), z.number().int()).optional(),
    followedFeeds: z.looseObject({}).nullable().optional(),
  }),
})

export const realtimeConfig = defineContract({
  method: 'GET',
  path: '/api/realtime/config',
  summary: 'Where the realtime (Pusher protocol) service is, and its key',
  tag: 'realtime',
  caller: 'anyone',
  input: z.object({}),
  output: z.object({
    key: z.string(),
    cluster: z.string(),
    wsHost: z.string().nullable(),
    wsPort: z.number().int().nullable(),
    forceTLS: z.boolean().nullable(),
  }),
})

export const realtimeAuth = defineContract({
  method: 'POST',
  path: '/api/realtime/auth',
  summary: "Authorises the member's own private channel (pusher-js channelAuthorization)",
  tag: 'realtime',
  caller: 'signed-in',
  signIn: 'Sign in to join this channel.',
  takesForm: true,
  input: z.object({
    socket_id: z.string().regex(/^\d+\.\d+$/),
    channel_name: z.string().min(1),
  }),
  output: z.object({ auth: z.string() }),
  refusals: { 403: 'Not allowed on this channel.' },
})
