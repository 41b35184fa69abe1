import { useStore } from '@nanostores/react'
import { memo, useState } from 'react'

import { DESCRIPTION_PREVIEW_LENGTH, previewDescription, VIBE_EMOJIS } from '@/rules/localSpots'
import {
  badgeTextColour,
  DEFAULT_AVATAR,
  emojiLabel,
  mapsLinkFor,
  type LocalSpotView,
} from '@/views/localSpot'
import { relativeTime } from '@/views/relativeTime'
import Reactions from '@widgets/Reactions/Reactions'
import { Emoji } from '@widgets/lib/Emoji'
import { Icon } from '@widgets/lib/Icon'
import { ProfileLink } from '@widgets/lib/ProfileLink'
import ReportButton from '@widgets/Reports/ReportButton'
import { deleteHref } from '@/views/deleteHref'
import { openEditSpot } from './formStore'
import { $deleting, $spots } from './listStore'

interface Props {
  spot: LocalSpotView
  channel: string
  isOwner: boolean
}

/** How long ago, by the HTML's clock until the island mounts, then by the reader's: only these
 * lines follow that switch, so it redraws no card. */
function SpotTime({ createdAt }: { createdAt: string }) {
  const { mounted, renderedAt } = useStore($spots, { keys: ['mounted', 'renderedAt'] })
  return (
    <time className="spot-time" dateTime={createdAt}>
      {relativeTime(createdAt, mounted ? new Date() : new Date(renderedAt))}
    </time>
  )
}

/** One local spot (SPEC §2): author, time, image, owner controls, name, category, badges, vibes,
 * 'Locals say:' with Show more/less, address, maps link and the reaction bar. Drawn again only
 * when its own props change, not on each list update. */
export default memo(function SpotCard({ spot, channel, isOwner }: Props) {
  const [expanded, setExpanded] = useState(false)
  const preview = previewDescription(spot.description, DESCRIPTION_PREVIEW_LENGTH)
  const headingId = `spot-${spot.id}-name`
  const userName = spot.author?.userName
  return (
    <article className="spot-card" aria-labelledby={headingId} data-spot-id={spot.id}>
      <header className="spot-author">
        <img
          className="spot-avatar"
          src={spot.author?.avatarUrl ?? DEFAULT_AVATAR}
          alt=""
          width={32}
          height={32}
        />
        {userName ? <ProfileLink userName={userName} /> : <span>A neighbour</span>}
        <SpotTime createdAt={spot.createdAt} />
      </header>
      {spot.imageUrl && (
        <img
          className="spot-image"
          src={spot.imageUrl}
          alt={`Photo of ${spot.name}`}
          loading="lazy"
        />
      )}
      <div className="spot-body">
        <h2 id={headingId} className="spot-name">
          {spot.name}
        </h2>
        <p className="spot-category">{spot.categoryLabel}</p>
        {spot.badges.length > 0 && (
          <ul className="spot-badges" aria-label="Badges">
            {spot.badges.map((b) => (
              <li
                key={b.id}
                className="spot-badge"
                style={{ background: b.colour, color: badgeTextColour(b.colour) }}
              >
                {b.label}
              </li>
            ))}
          </ul>
        )}
        {spot.emojis.length > 0 && (
          <ul className="spot-emojis" aria-label="Vibes">
            {spot.emojis.map((name) => (
              <li key={name} title={emojiLabel(name)}>
                <Emoji char={VIBE_EMOJIS[name]} />
                <span className="sr-only">{emojiLabel(name)}</span>
              </li>
            ))}
          </ul>
        )}
        {spot.description && (
          <div className="spot-description">
            <p>
              <strong>Locals say:</strong>{' '}
              <span>{expanded || !preview.truncated ? spot.description : preview.text}</span>
            </p>
            {preview.truncated && (
              <button
                type="button"
                className="text-action"
                aria-expanded={expanded}
                onClick={() => setExpanded(!expanded)}
              >
                {expanded ? 'Show less' : 'Show more'}
              </button>
            )}
          </div>
        )}
        {spot.address && (
          <p className="spot-address">
            <Icon name="map-pin" size={16} /> {spot.address}
          </p>
        )}
        <a className="spot-maps" href={mapsLinkFor(spot)} target="_blank" rel="noopener noreferrer">
          Open in maps<span className="sr-only">: {spot.name} (opens in a new tab)</span>
        </a>
        <Reactions
          targetKind="local-business"
          targetId={spot.id}
          initial={{ counts: spot.reactionCounts }}
          channel={channel}
          label={`Reactions to ${spot.name}`}
        />
        {!isOwner && (
          <ReportButton
            kind="local-business"
            id={spot.id}
            ownerId={spot.author?.id ?? null}
            label={spot.name}
          />
        )}
        {isOwner && (
          <div className="spot-owner">
            <button type="button" className="btn-quiet" onClick={() => openEditSpot(spot)}>
              Edit<span className="sr-only"> {spot.name}</span>
            </button>
            <a
              className="btn-quiet danger"
              href={deleteHref('spot', spot.id)}
              onClick={(e) => {
                e.preventDefault()
                $deleting.set(spot)
              }}
            >
              Delete<span className="sr-only"> {spot.name}</span>
            </a>
          </div>
        )}
      </div>
    </article>
  )
})
