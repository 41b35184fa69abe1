import type { CollectionBeforeValidateHook } from 'payload'
import { APIError } from 'payload'

const idOf = (value: unknown) =>
  typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : value

/**
 * A chosen neighbourhood must exist (SPEC §5 polls: 'Could not find neighbourhood.'). Without this
 * a stale id would get Payload's generic relationship error instead of the spec's words.
 */
export const neighbourhoodMustExist =
  (message: string): CollectionBeforeValidateHook =>
  async ({ data, req }) => {
    const id = idOf(data?.neighbourhood)
    if (id === null || id === undefined || id === '') return data
    const found =
      /^\d+$/.test(String(id)) &&
      (
        await req.payload.count({
          collection: 'neighbourhoods',
          where: { id: { equals: Number(id) } },
          req,
        })
      ).totalDocs > 0
    if (!found) throw new APIError(message, 400, null, true)
    return data
  }
