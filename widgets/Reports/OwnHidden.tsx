import { useStore } from '@nanostores/react'
import { useEffect } from 'react'

import { MODERATION_TEXT } from '@/rules/moderation'
import { REPORT_TARGETS, type ReportTargetKind } from '@/rules/targets'
import type { OwnHiddenItem } from '@/views/report'
import { loadSession } from '@widgets/lib/session'
import { useSession } from '@widgets/lib/useSession'
import { $ownHidden, loadOwnHidden } from './store'
import './Reports.css'

interface Props {
  /** The kinds this list shows ('review', 'story-comment', …). */
  kinds: readonly ReportTargetKind[]
  /** Only those of this neighbourhood (all of the member's when absent). */
  neighbourhood?: number
  /** For comments: only those on this review, story or discussion. */
  on?: number
}

/**
 * The signed-in member's own posts of this list that editors or reports have hidden: readers no
 * longer see them, their author does, in place and marked 'Hidden while an editor reviews it',
 * with 'Ask for a review' until they have asked. Renders nothing for everyone else.
 */
export default function OwnHidden({ kinds, neighbourhood, on }: Props) {
  const session = useSession()
  const hidden = useStore($ownHidden)
  const signedIn = session.status === 'signed-in'

  useEffect(() => {
    if (session.status === 'loading') void loadSession()
  }, [session.status])

  useEffect(() => {
    if (signedIn) loadOwnHidden()
  }, [signedIn])

  const items = (hidden ?? []).filter(
    (item) =>
      (neighbourhood === undefined || item.neighbourhood === neighbourhood) &&
      kinds.includes(item.kind) &&
      (on === undefined || item.on === on),
  )
  return <OwnHiddenList items={signedIn ? items : []} />
}

/** The marked list itself (also the profile's, rendered on the server with `showWhere`). */
export function OwnHiddenList({
  items,
  showWhere = false,
}: {
  items: OwnHiddenItem[]
  showWhere?: boolean
}) {
  if (!items.length) return null
  return (
    <ul className="own-hidden" aria-label="Your hidden posts">
      {items.map((item) => (
        <li key={`${item.kind}-${item.id}`} className="own-hidden-item">
          <p className="own-hidden-badge">
            <strong>{MODERATION_TEXT.hiddenNotice}</strong>
            <span> · your {REPORT_TARGETS[item.kind].noun}</span>
            {showWhere && item.href && (
              <>
                {' · '}
                <a href={item.href}>where it was</a>
              </>
            )}
          </p>
          <p className="own-hidden-text">{item.text}</p>
          {item.appealedAt ? (
            <p className="own-hidden-note">{MODERATION_TEXT.appealWaiting}</p>
          ) : (
            <a className="own-hidden-appeal" href={`/appeal?kind=${item.kind}&id=${item.id}`}>
              {MODERATION_TEXT.askForReview}
            </a>
          )}
        </li>
      ))}
    </ul>
  )
}
