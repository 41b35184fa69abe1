import { useStore } from '@nanostores/react'
import { useEffect } from 'react'

import { MESSAGES } from '@/rules/messages'
import type { FormState } from '@/views/forms'
import type { LocalSpotsScreen } from '@/views/localSpot'
import ConfirmDialog from '@widgets/lib/ConfirmDialog'
import { loadSession } from '@widgets/lib/session'
import { useSession } from '@widgets/lib/useSession'
import './LocalSpots.css'
import './SpotForm.css'
import SpotCard from './SpotCard'
import SpotForm from './SpotForm'
import { openNewSpot } from './formStore'
import {
  $deleting,
  $spots,
  deleteSpot,
  initSpots,
  loadMoreSpots,
  markMounted,
  watchSpots,
} from './listStore'
import OwnHidden from '@widgets/Reports/OwnHidden'

/**
 * The local spots of one neighbourhood (SPEC §2): 'Suggest a Spot' for signed-in users, the grid
 * of cards (the first 9 come in the HTML), 'Show more local spots' (a link that also works
 * before hydration), live on `local-spots-{neighbourhoodId}`.
 */
export default function LocalSpots({
  initial,
  form,
  viewerId = null,
}: {
  initial: LocalSpotsScreen
  /** The suggestion form as it came back refused (posted before or without JavaScript). */
  form?: FormState
  /** The reader as the server knew them: their spots' Delete shows before hydrating. */
  viewerId?: number | null
}) {
  initSpots(initial)
  const state = useStore($spots)
  const session = useSession()
  const deleting = useStore($deleting)
  const channel = `local-spots-${initial.neighbourhood.id}`
  const me = session.status === 'signed-in' ? session.user : null
  const readerId = session.status === 'loading' ? viewerId : (me?.id ?? null)
  // Until the session is known, the server's reader decides (the toolbar keeps its height).
  const signedIn = readerId !== null

  useEffect(() => {
    markMounted(initial.list.now)
    void loadSession()
    return watchSpots(channel)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [channel])

  return (
    <section className="local-spots" aria-label="Local spots" data-live={state.live}>
      <div className="spots-toolbar">
        <p className="muted" aria-live="polite">
          {state.total === 1 ? '1 spot' : `${state.total} spots`}
        </p>
        {/* Before hydration (and without JavaScript) a link to the form in the page. */}
        {signedIn && (
          <a
            href="#suggest-spot"
            role="button"
            className="button"
            onClick={(e) => {
              e.preventDefault()
              openNewSpot()
            }}
          >
            Suggest a Spot
          </a>
        )}
        {!signedIn && (
          <p className="spots-login">
            {MESSAGES.loginToSuggestSpot} <a href="/login">Sign in</a>
          </p>
        )}
      </div>
      <OwnHidden kinds={['local-business']} neighbourhood={initial.neighbourhood.id} />
      {state.spots.length === 0 ? (
        <p className="spots-empty">No local spots yet. Coming soon!</p>
      ) : (
        <ul className="spots-grid">
          {state.spots.map((spot) => (
            <li key={spot.id}>
              <SpotCard
                spot={spot}
                channel={channel}
                isOwner={readerId !== null && spot.author?.id === readerId}
              />
            </li>
          ))}
        </ul>
      )}
      {state.hasMore && (
        <a
          className="button secondary spots-more"
          href={`?pages=${state.pages + 1}`}
          aria-disabled={state.loadingMore || undefined}
          onClick={(e) => {
            e.preventDefault()
            void loadMoreSpots()
          }}
        >
          {state.loadingMore ? 'Loading...' : 'Show more local spots'}
        </a>
      )}
      <SpotForm neighbourhoodId={initial.neighbourhood.id} form={form} />
      <ConfirmDialog
        open={!!deleting}
        message="Delete this business?"
        confirmLabel="Delete"
        onConfirm={() => {
          if (deleting) void deleteSpot(deleting.id)
        }}
        onClose={() => $deleting.set(null)}
      />
    </section>
  )
}
