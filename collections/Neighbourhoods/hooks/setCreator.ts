import type { Neighbourhood } from '@/payload-types'
import type { CollectionBeforeChangeHook } from 'payload'

/** The creator is always the session's user, never a value from the request body. */
export const setCreator: CollectionBeforeChangeHook<Neighbourhood> = ({
  data,
  operation,
  req,
  originalDoc,
}) => {
  if (operation === 'create') return { ...data, createdBy: req.user?.id ?? data.createdBy ?? null }
  return { ...data, createdBy: originalDoc?.createdBy }
}
