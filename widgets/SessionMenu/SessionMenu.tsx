import { lazy, Suspense, useEffect } from 'react'

import { needsProfileSetup, signInHref } from '@/views/site'
import { loadSession } from '@widgets/lib/session'
import { useSession } from '@widgets/lib/useSession'
import Toasts from '@widgets/Toasts/Toasts'
import './SessionMenu.css'

// pusher-js, the bell and the avatar menu load only for signed-in readers.
const NotificationBell = lazy(() => import('@widgets/NotificationBell/NotificationBell'))
const AvatarMenu = lazy(() => import('./AvatarMenu').then((m) => ({ default: m.AvatarMenu })))
const MessagesLink = lazy(() => import('./MessagesLink').then((m) => ({ default: m.MessagesLink })))

/** Same size as the bell and avatar buttons, shown while their code loads. */
function IconPlaceholder() {
  return <span className="header-icon-placeholder" aria-hidden="true" />
}

/**
 * The header's island on every page with JavaScript: the session menu and the page's one toast
 * outlet (one island, one file fewer to load than two).
 */
export default function SessionMenu({ adminPath }: { adminPath?: string }) {
  return (
    <>
      <SessionControls adminPath={adminPath} />
      <Toasts />
    </>
  )
}

/**
 * The session end of the header (SPEC §2): a placeholder of the same size while the session
 * loads, then 'Sign In', or the notification bell and the avatar menu. Signed-in users without
 * a user name are sent to /register to create their profile. Staff also get 'Edit in admin' on a
 * page that shows one document.
 */
function SessionControls({ adminPath }: { adminPath?: string }) {
  // Hydrates as 'loading', matching the server-rendered placeholder, whatever loaded first.
  const session = useSession()

  useEffect(() => {
    void loadSession().then((s) => {
      if (s.status === 'signed-in' && needsProfileSetup(s.user.userName, location.pathname)) {
        location.replace('/register')
      }
    })
  }, [])

  if (session.status === 'loading') {
    return (
      <div className="session-menu" data-session="loading">
        {/* Without JavaScript the session is never known: the way to sign in instead. */}
        <noscript>
          <a className="sign-in" href="/login">
            Sign In
          </a>
        </noscript>
        <span className="session-placeholder" aria-hidden="true" />
      </div>
    )
  }
  if (session.status === 'signed-out') {
    return (
      <div className="session-menu" data-session="signed-out">
        <a className="sign-in" href={signInHref(location.pathname, location.search)}>
          Sign In
        </a>
      </div>
    )
  }
  const editPath =
    adminPath && (session.user.role === 'editor' || session.user.role === 'admin')
      ? adminPath
      : null
  return (
    <div className="session-menu" data-session="signed-in">
      {editPath && (
        <a className="edit-in-admin" href={editPath}>
          Edit in admin
        </a>
      )}
      <Suspense fallback={<IconPlaceholder />}>
        <MessagesLink userId={session.user.id} />
      </Suspense>
      <Suspense fallback={<IconPlaceholder />}>
        <NotificationBell userId={session.user.id} />
      </Suspense>
      <Suspense fallback={<IconPlaceholder />}>
        <AvatarMenu user={session.user} editPath={editPath} />
      </Suspense>
    </div>
  )
}
