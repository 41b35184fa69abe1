import { atom, map } from 'nanostores'

import type { OutputOf } from '@/contracts/contract'
import type { pollSummary } from '@/contracts/polls'
import { MESSAGES } from '@/rules/messages'
import { optionTexts, pollIsComplete } from '@/rules/polls'
import type { PollPage, PollView } from '@/views/poll'
import { ApiError } from '@widgets/lib/api'
import { pageData, send } from '@widgets/lib/client'
import { askPageState } from '@widgets/lib/pageState'
import { loadSession } from '@widgets/lib/session'
import { latestCounts, subscribeChannel } from '@widgets/lib/realtime'
import { toast } from '@widgets/lib/toast'

/* ---------- The list (/polls, /neighbourhood/{slug}/polls) ---------- */

export interface PollListState extends PollPage {
  loading: boolean
  /** False until the island took over from the server-rendered props. */
  initialized: boolean
}

export const $polls = map<PollListState>({
  polls: [],
  page: 1,
  total: 0,
  hasMore: false,
  neighbourhood: null,
  loading: false,
  initialized: false,
})

/** Whether the 'New Poll' dialog is open. */
export const $newPollOpen = atom(false)

export function initPolls(page: PollPage) {
  $polls.set({ ...page, loading: false, initialized: true })
}

const listUrl = (page: number, pages = 1): `/polls.json?${string}` => {
  const params = new URLSearchParams()
  const slug = $polls.get().neighbourhood?.slug
  if (slug) params.set('slug', slug)
  params.set('page', String(page))
  if (pages > 1) params.set('pages', String(pages))
  return `/polls.json?${params}`
}

export async function loadMorePolls() {
  const state = $polls.get()
  $polls.setKey('loading', true)
  try {
    const answer = await pageData<PollPage>(listUrl(state.page + 1))
    const known = new Set($polls.get().polls.map((p) => p.id))
    $polls.set({
      ...$polls.get(),
      ...answer,
      polls: [...$polls.get().polls, ...answer.polls.filter((p) => !known.has(p.id))],
      loading: false,
    })
  } catch (e) {
    console.warn('Could not load more polls', e)
    $polls.setKey('loading', false)
  }
}

/** Re-reads pages 1..current in one request (after a new poll). */
export async function reloadPolls() {
  const pages = Math.max(1, $polls.get().page)
  try {
    const answer = await pageData<PollPage>(listUrl(1, pages))
    $polls.set({ ...$polls.get(), ...answer, loading: false })
  } catch (e) {
    console.warn('Could not load polls', e)
  }
}

export interface NewPollInput {
  question: string
  options: string[]
  /** `datetime-local` text in the reader's own zone, or ''. */
  closeDate: string
  /** A neighbourhood slug, or '' for none. */
  neighbourhood: string
}

/**
 * SPEC §5 poll creation. Resolves with null when created ('Poll created!'), or with the message
 * to show: 'You must be logged in to create a poll.', 'Fill in the question and all options.',
 * 'Could not find neighbourhood.', the server's refusal, or 'Poll creation failed.'.
 */
export async function createPoll(input: NewPollInput): Promise<string | null> {
  const session = await loadSession()
  if (session.status !== 'signed-in') return MESSAGES.mustBeLoggedInToCreatePoll
  if (!pollIsComplete(input.question, input.options)) return MESSAGES.pollIncomplete
  try {
    const closeDate = input.closeDate ? new Date(input.closeDate) : null
    if (closeDate && Number.isNaN(closeDate.getTime())) return 'Please choose a valid close date.'
    // The command finds the neighbourhood by the slug typed ('Could not find neighbourhood.').
    await send('polls.post', {
      question: input.question.trim(),
      options: optionTexts(input.options).map((text) => text.trim()),
      closeDate: closeDate ? closeDate.toISOString() : null,
      neighbourhood: input.neighbourhood.trim(),
    })
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return MESSAGES.mustBeLoggedInToCreatePoll
    if (e instanceof ApiError && e.status === 400) return e.message
    console.warn('Poll creation failed', e)
    return 'Poll creation failed.'
  }
  toast.success('Poll created!')
  void reloadPolls()
  return null
}

/** The neighbourhood picker's choices (slug and name, by name), read when the dialog opens. */
export const $neighbourhoodChoices = atom<{ slug: string; name: string }[] | null>(null)

export async function loadNeighbourhoodChoices() {
  if ($neighbourhoodChoices.get()) return
  try {
    const answer = await send('polls.places', {})
    $neighbourhoodChoices.set(answer.neighbourhoods)
  } catch (e) {
    console.warn('Could not load neighbourhoods', e)
  }
}

/* ---------- One poll (/polls/{id}) ---------- */

export interface PollState {
  poll: PollView | null
  /** The reader's vote is known (after the session and the summary are read). */
  ready: boolean
  voting: boolean
  live: 'connecting' | 'subscribed'
}

export const $poll = map<PollState>({ poll: null, ready: false, voting: false, live: 'connecting' })

type Summary = OutputOf<typeof pollSummary>

function applySummary(summary: Partial<Summary> & { counts: number[]; total: number }) {
  const poll = $poll.get().poll
  if (!poll || summary.counts.length !== poll.options.length) return
  $poll.setKey('poll', {
    ...poll,
    counts: summary.counts,
    totalVotes: summary.total,
    myVote: summary.myVote === undefined ? poll.myVote : summary.myVote,
  })
}

export async function refreshPoll() {
  const poll = $poll.get().poll
  if (!poll) return
  try {
    // The counts are the same for every reader (the shared cache); the reader's vote apart.
    const [summary, mine] = await Promise.all([
      send('polls.summary', {}, { id: poll.id }),
      loadSession().then((session) =>
        session.status === 'signed-in'
          ? send('polls.mine', {}, { id: poll.id })
          : { pollId: poll.id, myVote: null },
      ),
    ])
    applySummary({ ...summary, myVote: mine.myVote })
  } catch (e) {
    console.warn('Could not read poll', poll.id, e)
  }
}

/**
 * Takes over the server-rendered poll (its counts as of the request): the reader's own vote
 * comes with the page state, then the counts stay live on poll-{id} (re-read after a reconnect).
 */
export function watchPoll(initial: PollView): () => void {
  $poll.set({ poll: initial, ready: false, voting: false, live: 'connecting' })
  void askPageState({ votes: [initial.id] })
    .then(
      (state) => {
        const poll = $poll.get().poll
        const myVote = state.votes?.[initial.id] ?? null
        if (poll && !$poll.get().voting) $poll.setKey('poll', { ...poll, myVote })
      },
      (e: unknown) => console.warn('Could not read your vote', initial.id, e),
    )
    .finally(() => $poll.setKey('ready', true))
  return subscribeChannel(
    `poll-${initial.id}`,
    {
      'pusher:subscription_succeeded': () => $poll.setKey('live', 'subscribed'),
      'poll.voted': latestCounts((data: Summary) => `poll-${data.pollId}`, applySummary),
    },
    () => void refreshPoll(),
  )
}

/** SPEC §5 voting: one vote; 'Vote submitted.', or the refusal's words. */
export async function vote(optionIndex: number) {
  const state = $poll.get()
  const poll = state.poll
  if (!poll || state.voting) return
  $poll.setKey('voting', true)
  try {
    // A click while the page is still reading the session waits for it: a member is not told
    // to log in because they were quick.
    if ((await loadSession()).status !== 'signed-in') {
      toast.error('Login to vote.')
      return
    }
    applySummary(await send('polls.vote', { optionIndex }, { id: poll.id }))
    toast.success('Vote submitted.')
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) toast.error('Login to vote.')
    else if (e instanceof ApiError && (e.status === 409 || e.status === 400)) toast.error(e.message)
    else toast.error('Vote failed.')
    void refreshPoll()
  } finally {
    $poll.setKey('voting', false)
  }
}
