import { REACTION_TARGET_KINDS, type ReactionTargetKind } from '@/rules/targets'

/**
 * GET /api/users/state: everything of the signed-in member's own that a page shows, in one
 * request (widgets/lib/pageState.ts asks, collections/Users/accounts/pageState.ts answers).
 * The session, the unread count and their own hidden posts (a few at most, each page shows
 * those that were on it) always come; the rest only when asked:
 *
 *   follow=ID                       the neighbourhood's follower count and whether they follow
 *   reactions=KIND:ID,ID,…          their emoji on these targets (one parameter per kind)
 *   rsvps=ID,ID,…                   their RSVP to these events
 *   votes=ID,ID,…                   their vote in these polls
 *   home=1                          the home's feeds from the neighbourhoods they follow
 */
export interface PageStateAsk {
  follow?: number
  reactions?: Partial<Record<ReactionTargetKind, number[]>>
  rsvps?: number[]
  votes?: number[]
  home?: boolean
}

/** The member's own choice on items a page lists: their RSVP to events, their vote in polls. */
export const OWN_CHOICES = ['rsvps', 'votes'] as const
export type OwnChoice = (typeof OWN_CHOICES)[number]
const OWN_CHOICE_NOUNS: Record<OwnChoice, string> = { rsvps: 'Event', votes: 'Poll' }

/** Targets one request may name, over all kinds: a page shows fewer. */
export const PAGE_STATE_MAX_IDS = 200

const MAX_ID = 2 ** 31 - 1
const isId = (n: number) => Number.isInteger(n) && n > 0 && n <= MAX_ID

/** The ask as the query's parameters (the contract users.state's input), ids in order. */
export function pageStateQuery(ask: PageStateAsk) {
  const list = (ids: number[] | undefined) =>
    ids?.length ? [...ids].sort((a, b) => a - b).join(',') : undefined
  const reactions = Object.entries(ask.reactions ?? {}).flatMap(([kind, ids]) =>
    ids?.length ? [`${kind}:${list(ids)}`] : [],
  )
  return {
    follow: ask.follow === undefined ? undefined : String(ask.follow),
    reactions: reactions.length ? reactions : undefined,
    rsvps: list(ask.rsvps),
    votes: list(ask.votes),
    home: ask.home ? ('1' as const) : undefined,
  }
}

/** The ask a query names, or the message of a 400 (nothing is read for a refused ask). */
export function parsePageStateQuery(params: URLSearchParams): PageStateAsk | string {
  const ask: PageStateAsk = {}
  const reactions: Partial<Record<ReactionTargetKind, number[]>> = {}
  let total = 0
  for (const name of new Set(params.keys())) {
    const values = params.getAll(name)
    if (name === 'follow') {
      if (values.length > 1) return 'Give follow once.'
      const raw = values[0]!
      if (/^\d{1,10}$/.test(raw) && isId(Number(raw))) ask.follow = Number(raw)
      else return 'Unknown neighbourhood.'
    } else if (name === 'reactions') {
      for (const value of values) {
        const [kind, list = ''] = value.split(':', 2) as [ReactionTargetKind, string?]
        if (!REACTION_TARGET_KINDS.includes(kind)) return `Unknown target kind: ${kind}.`
        if (reactions[kind]) return `Give reactions for ${kind} once.`
        const ids = list.split(',').map(Number)
        if (!ids.every(isId)) return 'Target ids are positive whole numbers.'
        total += ids.length
        if (total > PAGE_STATE_MAX_IDS) return `At most ${PAGE_STATE_MAX_IDS} targets at once.`
        reactions[kind] = [...new Set(ids)]
      }
      ask.reactions = reactions
    } else if (name === 'home') {
      if (values.length > 1 || values[0] !== '1') return 'Give home=1 once.'
      ask.home = true
    } else if ((OWN_CHOICES as readonly string[]).includes(name)) {
      const choice = name as OwnChoice
      if (values.length > 1) return `Give ${choice} once.`
      const ids = values[0]!.split(',').map(Number)
      if (!ids.every(isId)) return `${OWN_CHOICE_NOUNS[choice]} ids are positive whole numbers.`
      total += ids.length
      if (total > PAGE_STATE_MAX_IDS) return `At most ${PAGE_STATE_MAX_IDS} targets at once.`
      ask[choice] = [...new Set(ids)]
    } else return `Unknown parameter: ${name.slice(0, 40)}.`
  }
  return ask
}
