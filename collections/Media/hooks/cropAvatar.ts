import type { CollectionBeforeOperationHook } from 'payload'
import sharp from 'sharp'

import { uploadBytes, uploadPurpose, uploadToHandle } from './upload'

/** The side of a stored avatar: a square, never upscaled beyond the upload's shorter side. */
export const AVATAR_SIDE = 512

/**
 * Avatars are shown as circles everywhere (SPEC §2 Profile), so whatever the upload's aspect
 * ratio, the stored file is its centred square (at most 512 × 512, WebP), cut by sharp on the
 * server after `checkImageUpload` judged the bytes. Other purposes keep their shape.
 */
export const cropAvatar: CollectionBeforeOperationHook = async (hook) => {
  const { args, operation, req } = hook
  const file = uploadToHandle(hook)
  if (!file) return args
  if ((await uploadPurpose(req, operation, args)) !== 'avatar') return args

  const bytes = await uploadBytes(file)
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
