import { useStore } from '@nanostores/react'
import { useEffect } from 'react'

import { FOLLOW_TEXT, followersLabel } from '@/rules/follow'
import { formAction } from '@/views/forms'
import { ApiError } from '@widgets/lib/api'
import { loadSession } from '@widgets/lib/session'
import { useSession } from '@widgets/lib/useSession'
import { toast } from '@widgets/lib/toast'
import { $follow, readFollow, toggleFollow, watchFollow } from './store'
import './Follow.css'

interface Props {
  neighbourhood: number
  name: string
}

/**
 * 'Follow' / 'Following' on a neighbourhood's page, with its follower count kept live. Before
 * or without JavaScript it is a form that posts to the server; signed out it says 'Login to
 * follow'.
 */
export default function FollowButton({ neighbourhood, name }: Props) {
  const state = useStore($follow)
  const session = useSession()

  useEffect(() => {
    void loadSession()
    void readFollow(neighbourhood, true)
    return watchFollow(neighbourhood)
  }, [neighbourhood])

  async function press(e: React.MouseEvent) {
    e.preventDefault()
    const now = session.status === 'loading' ? await loadSession() : session
    if (now.status !== 'signed-in') {
      toast.error(FOLLOW_TEXT.loginToFollow, { id: 'login-to-follow' })
      return
    }
    try {
      await toggleFollow(neighbourhood)
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : FOLLOW_TEXT.failed, {
        id: 'follow-failed',
      })
    }
  }

  const following = session.status === 'signed-in' && state.following === true
  return (
    <form className="follow" method="post" action={formAction('follow')}>
      <input type="hidden" name="neighbourhood" value={neighbourhood} />
      <button
        type="submit"
        className="follow-button"
        aria-pressed={following}
        aria-label={`${following ? FOLLOW_TEXT.following : FOLLOW_TEXT.follow} ${name}`}
        disabled={state.busy}
        onClick={(e) => void press(e)}
      >
        {following ? FOLLOW_TEXT.following : FOLLOW_TEXT.follow}
      </button>
      <span className="follow-count" aria-live="polite">
        {state.known ? followersLabel(state.count) : ''}
      </span>
    </form>
  )
}
