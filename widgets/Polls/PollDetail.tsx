import { useStore } from '@nanostores/react'
import { useEffect } from 'react'

import { formatCloseDate, percentages, pollIsClosed, type PollView } from '@/views/poll'
import { $clock, adoptViewerClock } from '@widgets/lib/clock'
import { ProfileLink } from '@widgets/lib/ProfileLink'
import { formAction } from '@/views/forms'
import { useSession } from '@widgets/lib/useSession'
import { useHydrated } from '@widgets/lib/useHydrated'
import { $poll, vote, watchPoll } from './store'
import './Polls.css'
import ReportButton from '@widgets/Reports/ReportButton'

/**
 * SPEC §2/§4 poll detail: vote once ('Vote submitted.'), then the buttons are disabled; results
 * as bars with counts and percentages, live for every reader; a closed poll says 'Voting is
 * closed'. 'Loading...' until the reader's own vote is known.
 */
export default function PollDetail({ initial }: { initial: PollView }) {
  const state = useStore($poll)
  const session = useSession()
  const poll = state.poll ?? initial
  const clock = useStore($clock)

  useEffect(() => {
    adoptViewerClock()
    return watchPoll(initial)
  }, [initial])

  const closed = pollIsClosed(poll)
  const voted = poll.myVote !== null
  const signedOut = session.status === 'signed-out'
  const ready = state.poll !== null && state.ready
  // Before hydration (or without JavaScript) the buttons post the vote as a form.
  const hydrated = useHydrated()
  const disabled = (hydrated && !ready) || closed || voted || state.voting
  const percent = percentages(poll.counts)

  return (
    <article className="poll-detail" aria-labelledby="poll-question" data-live={state.live}>
      <p className="polls-back">
        <a href="/polls">← Back to Community Polls</a>
      </p>
      <h1 id="poll-question">{poll.question}</h1>
      {/* A div: the Report dialog inside may not sit in a paragraph (the parser would end it). */}
      <div className="poll-meta">
        {poll.author?.userName && (
          <>
            By <ProfileLink userName={poll.author.userName} />
          </>
        )}
        {poll.neighbourhoodSlug && (
          <>
            {' · '}
            <a href={`/neighbourhood/${encodeURIComponent(poll.neighbourhoodSlug)}/polls`}>
              {poll.neighbourhoodName ?? poll.neighbourhoodSlug}
            </a>
          </>
        )}
        {poll.closeDate && (
          <>
            {' · '}
            {closed ? 'Closed ' : 'Closes '}
            <time dateTime={poll.closeDate}>
              {formatCloseDate(poll.closeDate, clock.locale, clock.timeZone)}
            </time>
          </>
        )}{' '}
        <ReportButton
          kind="poll"
          id={poll.id}
          ownerId={poll.author?.id ?? null}
          label="this poll"
        />
      </div>

      {closed && (
        <p className="poll-closed-note" role="status">
          Voting is closed
        </p>
      )}

      <form
        className="poll-vote"
        role="group"
        aria-labelledby="poll-question"
        method="post"
        action={formAction('vote')}
      >
        <input type="hidden" name="poll" value={poll.id} />
        {poll.options.map((text, i) => (
          <button
            key={i}
            type="submit"
            name="optionIndex"
            value={i}
            className="poll-choice"
            aria-pressed={poll.myVote === i}
            disabled={disabled}
            onClick={(e) => {
              e.preventDefault()
              void vote(i)
            }}
          >
            {poll.myVote === i && <span aria-hidden="true">✓ </span>}
            {text}
          </button>
        ))}
      </form>
      <p className="poll-status" role="status" aria-live="polite">
        {!hydrated ? '' : !ready ? 'Loading...' : voted ? 'You voted. Thanks!' : ''}
        {ready && signedOut && !closed && <a href="/login">Login to vote.</a>}
      </p>

      <section className="poll-results" aria-labelledby="poll-results-title">
        <h2 id="poll-results-title">
          Results{' '}
          <span className="poll-total muted">
            ({poll.totalVotes} {poll.totalVotes === 1 ? 'vote' : 'votes'})
          </span>
        </h2>
        <ul>
          {poll.options.map((text, i) => (
            <li key={i} className="poll-result" data-option={i}>
              <div className="poll-result-label">
                <span>{text}</span>
                <span className="poll-result-count">
                  {poll.counts[i] ?? 0} {poll.counts[i] === 1 ? 'vote' : 'votes'} · {percent[i]}%
                </span>
              </div>
              <div className="poll-bar" aria-hidden="true">
                <span style={{ width: `${percent[i]}%` }} />
              </div>
            </li>
          ))}
        </ul>
      </section>
    </article>
  )
}
