import { useCallback, useEffect, useId, useRef, useState } from 'react'

import { YOUR_FEED_LINK } from '@/views/site'
import { signOut, type SessionUser } from '@widgets/lib/session'
import { useDismiss } from './useDismiss'

export const DEFAULT_AVATAR = '/default-avatar.svg'

export function displayName(user: SessionUser): string {
  return user.userName || user.name || user.email || 'your account'
}

/** The user's avatar, or the default image (SPEC §3) when there is none or it fails to load. */
export function Avatar({ url, size = 36 }: { url?: string | null; size?: number }) {
  const [broken, setBroken] = useState(false)
  return (
    <img
      className="avatar"
      src={url && !broken ? url : DEFAULT_AVATAR}
      alt=""
      width={size}
      height={size}
      onError={() => setBroken(true)}
    />
  )
}

/** Where signing out leaves you: the same page, unless it is your own profile or settings. */
function afterSignOut() {
  if (/^\/profile(\/settings)?\/?$/.test(location.pathname)) location.assign('/')
  else location.reload()
}

/**
 * The avatar button and its small menu: Profile, Your feed, Settings, Sign out (a disclosure, not
 * an ARIA menu). On a phone an editor's 'Edit in admin' moves in here, for want of room.
 */
export function AvatarMenu({ user, editPath }: { user: SessionUser; editPath: string | null }) {
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const first = useRef<HTMLAnchorElement>(null)
  const menuId = useId()
  const name = displayName(user)

  const close = useCallback(() => setOpen(false), [])
  useDismiss(open, close, root, button)
  useEffect(() => {
    if (open) first.current?.focus()
  }, [open])

  const onSignOut = async () => {
    setBusy(true)
    await signOut()
    afterSignOut()
  }

  return (
    <div className="avatar-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="header-icon-button avatar-button"
        aria-label={`Account menu for ${name}`}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        <Avatar url={user.avatarUrl} />
      </button>
      <div id={menuId} className="avatar-menu-panel" hidden={!open}>
        <p className="avatar-menu-who">
          Signed in as <strong>{name}</strong>
        </p>
        <ul>
          <li>
            <a ref={first} href="/profile">
              Profile
            </a>
          </li>
          <li>
            <a href={YOUR_FEED_LINK.href}>{YOUR_FEED_LINK.label}</a>
          </li>
          <li>
            <a href="/profile/settings">Settings</a>
          </li>
          {editPath && (
            <li className="narrow-only">
              <a href={editPath}>Edit in admin</a>
            </li>
          )}
          <li>
            <button type="button" onClick={onSignOut} disabled={busy}>
              {busy ? 'Signing out...' : 'Sign out'}
            </button>
          </li>
        </ul>
      </div>
    </div>
  )
}
