import type {
  BasePayload,
  CollectionSlug,
  PayloadRequest,
  PopulateType,
  TypedCollectionSelect,
} from 'payload'
import type { z } from 'zod'

import type { ContractName, Contracts } from '@/contracts'
import type { ParsedInputOf } from '@/contracts/contract'
import type { CommandWork } from '@collections/shared/command'

/** Payload's update of one `S` document, for the change it takes and the document it gives back. */
type UpdateOne<S extends CollectionSlug> = typeof BasePayload.prototype.update<
  S,
  TypedCollectionSelect[S]
>
type Saved<S extends CollectionSlug> = ReturnType<UpdateOne<S>> extends Promise<infer D> ? D : never

/** How one collection's edit turns its input into a change and the saved post into its answer. */
interface EditShape<N extends ContractName, S extends CollectionSlug> {
  data: (input: ParsedInputOf<Contracts[N]>) => Parameters<UpdateOne<S>>[0]['data']
  answer: (
    doc: Saved<S>,
    req: PayloadRequest,
  ) => z.input<Contracts[N]['output']> | Promise<z.input<Contracts[N]['output']>>
  /** The saved post's depth (0 when left out) and what its relations bring. */
  depth?: number
  populate?: PopulateType
}

/**
 * An edit command's work for a member's post: Payload's update as the caller, so the
 * collection's access (its author or staff) and hooks (edit windows, kept fields, live pushes,
 * stale pages, search) decide and follow as they do for staff in the admin. `name` ties the
 * input and the answer to the contract.
 */
export const editOwnPost =
  <N extends ContractName, S extends CollectionSlug>(
    _name: N,
    collection: S,
    { data, answer, depth = 0, populate }: EditShape<N, S>,
  ): CommandWork<Contracts[N]> =>
  async ({ req, input, params, user }) =>
    req.payload
      .update({
        collection,
        id: (params as { id: number }).id,
        data: data(input),
        depth,
        populate,
        req,
        user,
        overrideAccess: false,
      })
      .then((doc) => answer(doc, req))
