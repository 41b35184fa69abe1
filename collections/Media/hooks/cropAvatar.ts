import fs from 'node:fs/promises'

import type { CollectionBeforeOperationHook } from 'payload'
import sharp from 'sharp'

/** The side of a stored avatar: a square, never upscaled beyond the upload's shorter side. */
export const AVATAR_SIDE = 512

/**
 * Avatars are shown as circles everywhere (SPEC §2 Profile), so whatever the upload's aspect
 * ratio, the stored file is its centred square (at most 512 × 512, WebP), cut by sharp on the
 * server after `checkImageUpload` judged the bytes. Other purposes keep their shape.
 */
export const cropAvatar: CollectionBeforeOperationHook = async ({
  args,
  operation,
  overrideAccess,
  req,
}) => {
  if (operation !== 'create' && operation !== 'update') return args
  const file = req.file
  // Visitors are refused by access control next; their files are not worth cutting.
  if (!file || (!req.user && !overrideAccess)) return args
  let purpose = (args.data as { purpose?: unknown } | undefined)?.purpose
  if (operation === 'update') {
    // A replaced file keeps the purpose it was uploaded for.
    const id = (args as { id?: number | string }).id
    const stored = id
      ? await req.payload.findByID({ collection: 'media', id, depth: 0, req })
      : undefined
    purpose = stored?.purpose
  }
  if (purpose !== 'avatar') return args

  const bytes = file.data?.length ? file.data : await fs.readFile(file.tempFilePath!)
  const image = sharp(bytes).rotate()
  const { width = AVATAR_SIDE, height = AVATAR_SIDE } = await image.metadata()
  // EXIF orientations 5–8 swap the sides; the shorter side is the same either way.
  const side = Math.min(AVATAR_SIDE, width, height)
  const data = await image
    .resize(side, side, { fit: 'cover', position: 'centre' })
    .webp({ quality: 85 })
    .toBuffer()
  const name = `${(file.name ?? 'avatar').replace(/\.[^.]*$/, '') || 'avatar'}.webp`
  req.file = {
    ...file,
    data,
    size: data.length,
    name,
    mimetype: 'image/webp',
    tempFilePath: undefined,
  }
  return args
}
