import type { CollectionBeforeDeleteHook } from 'payload'

/**
 * A deleted spot takes its badges with it, in the same transaction. Before the delete: the
 * badge's required `business` column cannot be set to null by the foreign key.
 */
export const deleteBadges: CollectionBeforeDeleteHook = async ({ id, req }) => {
  await req.payload.delete({
    collection: 'business-badges',
    where: { business: { equals: id } },
    req,
    overrideAccess: true,
  })
}
