import type { PayloadRequest } from 'payload'

/** The collections whose members' posts are deleted through their own delete command. */
type PostCollection =
  'stories' | 'discussions' | 'polls' | 'events' | 'local-businesses' | 'comments'

/**
 * A delete command's work for a member's post: Payload's delete as the caller, so the
 * collection's access (its author or staff) decides and its hooks (comments, reactions, votes,
 * live pushes, stale pages, search) run as they do for staff in the admin.
 */
export const deleteOwnPost =
  (collection: PostCollection) =>
  async ({
    req,
    params,
    user,
  }: {
    req: PayloadRequest
    params: { id: number }
    user: PayloadRequest['user']
  }) => {
    await req.payload.delete({
      collection,
      id: params.id,
      req,
      depth: 0,
      overrideAccess: false,
      user,
    })
    return { id: params.id }
  }
