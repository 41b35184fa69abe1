import type { Payload } from 'payload'

import { followedNeighbourhoods } from '@/data/following'
import { ownHiddenItems } from '@/data/ownHidden'
import { userNameKey } from '@/rules/userName'
import { neighbourhoodCard, type NeighbourhoodView } from '@/views/neighbourhood'

/** Shown wherever a user has no avatar (SPEC §3 profiles). */
export const DEFAULT_AVATAR = '/default-avatar.svg'

export interface ProfileBadge {
  name: string
  colour: string
  icon: string | null
}

/** What /profile and /profile/{userName} show to everyone (SPEC §2 Profile). */
export interface ProfileView {
  id: number
  userName: string
  name: string | null
  bio: string | null
  avatarUrl: string | null
  counts: { neighbourhoods: number; stories: number; pollVotes: number }
  badges: ProfileBadge[]
  neighbourhoods: NeighbourhoodView[]
}

/** The account with this user name (any case), or null. */
export async function findProfileUser(payload: Payload, userName: string) {
  const { docs } = await payload.find({
    collection: 'users',
    where: { userNameKey: { equals: userNameKey(userName) } },
    depth: 1,
    limit: 1,
  })
  return docs[0] ?? null
}

type MediaDoc = { url?: string | null }
const avatarUrl = (avatar: unknown) =>
  avatar && typeof avatar === 'object' ? ((avatar as MediaDoc).url ?? null) : null

/**
 * The public profile: counts of neighbourhoods created, public stories written and poll votes
 * cast, unexpired badges, and the neighbourhoods as cards. Reads run side by side; each is one
 * query whatever the number of rows. Poll votes are private rows: only their count is shown.
 */
export async function loadProfile(
  payload: Payload,
  user: Awaited<ReturnType<typeof findProfileUser>> & object,
): Promise<ProfileView> {
  const id = user.id
  const [created, stories, pollVotes, badges] = await Promise.all([
    payload.find({
      collection: 'neighbourhoods',
      where: { createdBy: { equals: id } },
      sort: '-createdAt',
      limit: 100,
      depth: 1,
    }),
    payload.count({
      collection: 'stories',
      where: { author: { equals: id } },
      overrideAccess: false,
    }),
    payload.count({ collection: 'poll-votes', where: { user: { equals: id } } }),
    payload.find({
      collection: 'user-badges',
      where: { user: { equals: id } },
      sort: 'awardedAt',
      limit: 50,
      depth: 0,
      overrideAccess: false,
    }),
  ])
  return {
    id,
    userName: user.userName ?? '',
    name: user.name ?? null,
    bio: user.bio ?? null,
    avatarUrl: avatarUrl(user.avatar),
    counts: {
      neighbourhoods: created.totalDocs,
      stories: stories.totalDocs,
      pollVotes: pollVotes.totalDocs,
    },
    badges: badges.docs.map((b) => ({ name: b.badgeName, colour: b.colour, icon: b.icon ?? null })),
    neighbourhoods: created.docs.map((doc) => ({
      ...neighbourhoodCard(doc),
      latitude: doc.latitude ?? null,
      longitude: doc.longitude ?? null,
      reviewCount: 0,
      averageRating: null,
    })),
  }
}

/** How many accounts signed up through this user's invite link (shown to the owner only). */
export async function friendsJoined(payload: Payload, id: number): Promise<number> {
  const { totalDocs } = await payload.count({
    collection: 'users',
    where: { invitedBy: { equals: id } },
  })
  return totalDocs
}

/** What only the profile's owner sees: invites that joined, their hidden posts, whom they follow. */
export async function ownerExtras(payload: Payload, id: number) {
  const [joined, hidden, following] = await Promise.all([
    friendsJoined(payload, id),
    ownHiddenItems(payload, id),
    followedNeighbourhoods(payload, id),
  ])
  return { friendsJoined: joined, hidden, following }
}
