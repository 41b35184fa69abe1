import type { ReactionTargetKind } from '@/rules/targets'
import { OWN_CHOICES, pageStateQuery, type PageStateAsk } from '@/schemas/pageState'
import type { PageStateAccount, PageStateAnswer } from '@/views/pageState'
// `send` is each batch's own; the client's is `ask` here.
import { send as askApi } from './client'

/** The signed-in account as the session read gives it (its avatar's URL). */
export type AccountAnswer = PageStateAccount
/** The answer of GET /api/users/state (collections/Users/accounts/pageState.ts). */
export type PageState = PageStateAnswer

/** An ask waits this long for others, then for the page to be idle… */
const GATHER_MS = 50
/** …but never longer than this after the first ask (a slow phone still gets its state). */
const MAX_WAIT_MS = 2000

interface Batch {
  ask: PageStateAsk
  answer: Promise<PageState>
  send: () => void
  timer: ReturnType<typeof setTimeout> | undefined
  /** Bumped by each ask: only the latest scheduling sends (an idle callback cannot be cleared here). */
  tick: number
  deadline: number
}

let gathering: Batch | undefined
/** The first answer of the page: asks it already covers are answered from it. */
let first: Promise<PageState> | undefined

/** Adds `part` to `ask`, or returns false when they cannot go together (two neighbourhoods). */
function merge(ask: PageStateAsk, part: PageStateAsk): boolean {
  if (part.follow !== undefined && ask.follow !== undefined && part.follow !== ask.follow)
    return false
  ask.follow ??= part.follow
  for (const [kind, ids] of Object.entries(part.reactions ?? {}) as [
    ReactionTargetKind,
    number[],
  ][]) {
    ask.reactions ??= {}
    ask.reactions[kind] = [...new Set([...(ask.reactions[kind] ?? []), ...ids])]
  }
  if (part.home) ask.home = true
  for (const name of OWN_CHOICES) {
    const ids = part[name]
    if (ids) ask[name] = [...new Set([...(ask[name] ?? []), ...ids])]
  }
  return true
}

function newBatch(): Batch {
  let send = () => {}
  const answer = new Promise<PageState>((resolve, reject) => {
    send = () => {
      if (gathering !== batch) return
      gathering = undefined
      clearTimeout(batch.timer)
      // The contract describes the answer loosely; it is the page state the server reads.
      ;(askApi('users.state', pageStateQuery(batch.ask)) as Promise<PageState>).then(
        resolve,
        reject,
      )
    }
  })
  const batch: Batch = {
    ask: {},
    answer,
    send,
    timer: undefined,
    tick: 0,
    deadline: Date.now() + MAX_WAIT_MS,
  }
  return batch
}

/** Whether an island's content is on screen now (the island itself has no box of its own). */
function onScreen(island: Element): boolean {
  const box = (island.firstElementChild ?? island).getBoundingClientRect()
  return box.bottom > 0 && box.top < window.innerHeight && box.width + box.height > 0
}

/**
 * Islands that hydrate as the page opens and have not yet (each may still ask): those that load
 * with the page or when it is idle, and those on screen that hydrate when visible.
 */
const islandsHydrating = () =>
  typeof document !== 'undefined' &&
  [...document.querySelectorAll('astro-island[ssr]')].some((island) => {
    const when = island.getAttribute('client')
    return when === 'load' || when === 'idle' || (when === 'visible' && onScreen(island))
  })

/** Runs `go` once the page is idle (its islands' work done), or at `deadline`. */
function whenIdle(go: () => void, deadline: number) {
  const timeout = Math.max(1, deadline - Date.now())
  if (typeof requestIdleCallback === 'function') requestIdleCallback(go, { timeout })
  else setTimeout(go, Math.min(timeout, GATHER_MS))
}

/**
 * Sends once the islands that hydrate with the page have and the page has gone idle (React
 * runs their effects, where they ask, after hydrating), or once the batch has waited long enough.
 */
function schedule(batch: Batch) {
  const tick = ++batch.tick
  const go = () => batch.tick === tick && batch.send()
  const left = Math.max(0, batch.deadline - Date.now())
  clearTimeout(batch.timer)
  batch.timer = islandsHydrating()
    ? setTimeout(batch.send, left)
    : setTimeout(() => whenIdle(go, batch.deadline), Math.min(GATHER_MS, left))
}

// Astro announces each hydrated island (the event does not bubble: caught on its way down).
if (typeof document !== 'undefined')
  document.addEventListener('astro:hydrate', () => gathering && schedule(gathering), true)

/**
 * The member's own state for what the page shows, one request for all the page's islands: each
 * island asks for its part as it hydrates (the session, the unread count and the member's hidden
 * posts come always); the request goes once the islands that hydrate with the page have, so all
 * their asks go together. Later asks go in a request of their own, unless the page's first
 * answer already holds what they ask (the session, the count, the hidden posts).
 */
export function askPageState(part: PageStateAsk = {}): Promise<PageState> {
  const onlyCommon =
    part.follow === undefined && !part.reactions && !part.home && !OWN_CHOICES.some((n) => part[n])
  if (onlyCommon && first) return first
  // Once the first answer is on its way, a visitor has nothing of their own left to read (only
  // the follower count is everyone's); while it gathers, the part joins it.
  if (part.follow === undefined && first && gathering?.answer !== first) {
    return first.then((state) => (state.user ? gather(part) : state))
  }
  return gather(part)
}

/** Adds `part` to the batch being gathered (or a new one) and answers with that batch. */
function gather(part: PageStateAsk): Promise<PageState> {
  if (!gathering || !merge(gathering.ask, part)) {
    // A part that cannot join the gathering batch waits for the next one.
    gathering?.send()
    gathering = newBatch()
    merge(gathering.ask, part)
  }
  const batch = gathering
  if (!first) {
    first = batch.answer
    // A failed first read is not kept: the next ask reads again.
    batch.answer.catch(() => {
      if (first === batch.answer) first = undefined
    })
  }
  schedule(batch)
  return batch.answer
}
