import fs from 'node:fs/promises'

import type { CollectionBeforeOperationHook, PayloadRequest } from 'payload'

type HookArgs = Parameters<CollectionBeforeOperationHook>[0]
type UploadedFile = NonNullable<PayloadRequest['file']>

/**
 * The file a media create or update brings, when it is the Media hooks' to look at: null for other
 * operations, without a file, or from a visitor (access control refuses them right after the
 * hooks, so their files are not worth reading).
 */
export function uploadToHandle({ operation, overrideAccess, req }: HookArgs): UploadedFile | null {
  if (operation !== 'create' && operation !== 'update') return null
  const file = req.file
  if (!file || (!req.user && !overrideAccess)) return null
  return file
}

/**
 * What the upload is for, unchecked: the data's purpose on create; on update the stored one (a
 * replaced file keeps the purpose it was uploaded for, the field is not updatable).
 */
export async function uploadPurpose(
  req: PayloadRequest,
  operation: string,
  args: HookArgs['args'],
): Promise<unknown> {
  // Only a create's or an update's arguments reach here (uploadToHandle let them through).
  const { id, data } = args as { id?: number | string; data?: unknown }
  if (operation !== 'update') return (data as { purpose?: unknown } | undefined)?.purpose
  const stored = id
    ? await req.payload.findByID({ collection: 'media', id, depth: 0, req })
    : undefined
  return stored?.purpose
}

/** The upload's bytes, held in memory or in its temporary file. */
export const uploadBytes = async (file: UploadedFile) =>
  file.data?.length ? file.data : await fs.readFile(file.tempFilePath!)
