import { useId, useRef, useSyncExternalStore } from 'react'

import { INVITE_MESSAGE, inviteShareLinks } from '@/rules/invite'
import { toast } from '@widgets/lib/toast'
import './Profile.css'

const subscribeNever = () => () => undefined

interface Props {
  /** Site origin + /invite?ref={user id}, built on the server. */
  link: string
  friendsJoined: number
}

/**
 * The owner's invite panel (SPEC §2 Profile): the personal link, shared through a messaging
 * app, e-mail, the device's share sheet (only where the browser has one) or copied.
 */
export default function InvitePanel({ link, friendsJoined }: Props) {
  // False on the server and while hydrating, so the markup matches; then the browser's answer.
  const canShare = useSyncExternalStore(
    subscribeNever,
    () => typeof navigator.share === 'function',
    () => false,
  )
  const input = useRef<HTMLInputElement>(null)
  const ids = { title: useId(), link: useId() }
  const share = inviteShareLinks(link)

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link)
      toast.success('Link copied to clipboard')
    } catch {
      // No clipboard permission: leave the link selected for the reader to copy.
      input.current?.select()
      toast.error('Could not copy the link. It is selected: copy it yourself.')
    }
  }

  const shareSheet = async () => {
    try {
      await navigator.share({ title: 'Join me on Belong', text: INVITE_MESSAGE, url: link })
    } catch (error) {
      if ((error as Error).name !== 'AbortError') console.warn('share failed', error)
    }
  }

  return (
    <section className="invite-panel" aria-labelledby={ids.title}>
      <h2 id={ids.title}>Invite friends</h2>
      <p className="invite-intro">
        Know someone looking for their place in London? Send them your link.
      </p>
      <p className="friends-joined">
        Friends joined: <strong>{friendsJoined}</strong>
      </p>
      <label htmlFor={ids.link} className="invite-label">
        Your invite link
      </label>
      <div className="invite-row">
        <input
          id={ids.link}
          ref={input}
          className="invite-link"
          readOnly
          value={link}
          onFocus={(e) => e.target.select()}
        />
        <button type="button" onClick={copy}>
          Copy link
        </button>
      </div>
      <div className="invite-share">
        <a className="button secondary" href={share.whatsApp} target="_blank" rel="noreferrer">
          Share on WhatsApp
        </a>
        <a className="button secondary" href={share.email}>
          Share by e-mail
        </a>
        {canShare && (
          <button type="button" className="button secondary" onClick={shareSheet}>
            More ways to share
          </button>
        )}
      </div>
    </section>
  )
}
