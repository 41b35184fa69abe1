import { useStore } from '@nanostores/react'
import { useEffect } from 'react'

import { formatCloseDate, pollIsClosed, type PollPage } from '@/views/poll'
import { BackToNeighbourhood } from '@widgets/lib/BackToNeighbourhood'
import { $clock, adoptViewerClock } from '@widgets/lib/clock'
import { ProfileLink } from '@widgets/lib/ProfileLink'
import type { FormState } from '@/views/forms'
import NewPollDialog from './NewPollDialog'
import { $newPollOpen, $polls, initPolls, loadMorePolls } from './store'
import './Polls.css'
import OwnHidden from '@widgets/Reports/OwnHidden'

/**
 * SPEC §2 Polls list (/polls, /neighbourhood/{slug}/polls): question, author, close date and
 * total votes, newest first, each linking to /polls/{id}; 'New Poll' opens the dialog. The
 * server renders the first page from the same props.
 */
export default function Polls({ initial, form }: { initial: PollPage; form?: FormState }) {
  const store = useStore($polls)
  const state = store.initialized ? store : { ...store, ...initial }
  const open = useStore($newPollOpen)
  // Dates render in London's zone on the server, in the reader's once the island runs.
  const clock = useStore($clock)

  useEffect(() => {
    initPolls(initial)
    adoptViewerClock()
  }, [initial])

  const now = new Date()
  return (
    <section className="polls" aria-labelledby="polls-title">
      {state.neighbourhood && (
        <BackToNeighbourhood className="polls-back" neighbourhood={state.neighbourhood} />
      )}
      <header className="polls-header">
        <h1 id="polls-title">
          {state.neighbourhood ? `Polls in ${state.neighbourhood.name}` : 'Community Polls'}
        </h1>
        {/* A link to the form in the page (shown by :target) until the island opens the dialog. */}
        <a
          className="button"
          href="#new-poll"
          role="button"
          aria-haspopup="dialog"
          onClick={(e) => {
            e.preventDefault()
            $newPollOpen.set(true)
          }}
        >
          New Poll
        </a>
      </header>
      <NewPollDialog
        open={open}
        onClose={() => $newPollOpen.set(false)}
        neighbourhoodSlug={state.neighbourhood?.slug ?? ''}
        form={form}
      />
      <OwnHidden kinds={['poll']} neighbourhood={state.neighbourhood?.id} />
      {state.polls.length === 0 ? (
        <p className="empty">No polls available.</p>
      ) : (
        <ol className="poll-list">
          {state.polls.map((poll) => {
            const closed = pollIsClosed(poll, now)
            return (
              <li key={poll.id} className="accent-card poll-card">
                <h2>
                  <a href={`/polls/${poll.id}`}>{poll.question}</a>
                </h2>
                <p className="poll-meta">
                  {poll.author?.userName && (
                    <>
                      By <ProfileLink userName={poll.author.userName} />
                    </>
                  )}
                  {poll.author?.userName && poll.neighbourhoodSlug && ' · '}
                  {poll.neighbourhoodSlug && (
                    <a href={`/neighbourhood/${encodeURIComponent(poll.neighbourhoodSlug)}`}>
                      {poll.neighbourhoodName ?? poll.neighbourhoodSlug}
                    </a>
                  )}
                  {/* A line of its own, the date last: the reader's locale may lengthen it
                      after hydration, and nothing else moves then. */}
                  <span className="poll-when">
                    <span className="poll-total">
                      {poll.totalVotes} {poll.totalVotes === 1 ? 'vote' : 'votes'}
                    </span>
                    {' · '}
                    <span className={closed ? 'poll-closed' : undefined}>
                      {poll.closeDate ? (
                        <>
                          {closed ? 'Closed ' : 'Closes '}
                          <time dateTime={poll.closeDate}>
                            {formatCloseDate(poll.closeDate, clock.locale, clock.timeZone)}
                          </time>
                        </>
                      ) : (
                        'No close date'
                      )}
                    </span>
                  </span>
                </p>
              </li>
            )
          })}
        </ol>
      )}
      {state.hasMore && (
        <p className="polls-more">
          <a
            className="button secondary"
            href={`?page=${state.page + 1}`}
            onClick={(e) => {
              e.preventDefault()
              void loadMorePolls()
            }}
          >
            Show more polls
          </a>
        </p>
      )}
    </section>
  )
}
