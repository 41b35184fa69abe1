import { APIError, type CollectionBeforeOperationHook } from 'payload'
import sharp from 'sharp'

import {
  IMAGE_MIME_TYPES,
  IMAGE_RULES,
  MAX_IMAGE_PIXELS,
  checkImage,
  pixelsWithinLimits,
  isImagePurpose,
} from '@/rules/imageFile'
import { MESSAGES } from '@/rules/messages'
import { uploadBytes, uploadPurpose, uploadToHandle } from './upload'

const refuse = (message: string) => new APIError(message, 400, null, true)

/**
 * Uploads are judged by their bytes (SPEC §5, §9), before Payload stores or resizes anything:
 * the magic numbers must say JPEG, PNG, GIF or WEBP, the size must fit the purpose, and sharp
 * must decode the pixels. The declared type and file name count for nothing: a PNG named
 * photo.jpg is accepted as the PNG it is.
 */
export const checkImageUpload: CollectionBeforeOperationHook = async (hook) => {
  const { args, operation, req } = hook
  const file = uploadToHandle(hook)
  if (!file) return args

  const purpose = await uploadPurpose(req, operation, args)
  if (!isImagePurpose(purpose)) throw refuse(MESSAGES.imagePurposeRequired)
  const bytes = await uploadBytes(file)
  const check = checkImage(purpose, bytes)
  if (!check.ok) throw refuse(check.message)
  // Dimensions come from the header, before any pixel is decoded.
  const metadata = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined)
  const frames = metadata?.pages ?? 1
  if (metadata && !pixelsWithinLimits(metadata.width ?? 0, metadata.height ?? 0, frames)) {
    throw refuse(MESSAGES.imageTooManyPixels)
  }
  try {
    if (metadata?.format !== check.format) throw new Error(`sharp reads ${metadata?.format}`)
    await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, pages: 1 }).stats()
  } catch (error) {
    req.payload.logger.info(`upload refused, not a readable ${check.format}: ${String(error)}`)
    throw refuse(IMAGE_RULES[purpose].notImage)
  }
  req.file = { ...file, mimetype: IMAGE_MIME_TYPES[check.format] }
  return args
}
