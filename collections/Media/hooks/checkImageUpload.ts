import fs from 'node:fs/promises'

import { APIError, type CollectionBeforeOperationHook, type PayloadRequest } from 'payload'
import sharp from 'sharp'

import {
  IMAGE_MIME_TYPES,
  IMAGE_RULES,
  MAX_IMAGE_PIXELS,
  checkImage,
  pixelsWithinLimits,
  isImagePurpose,
  type ImagePurpose,
} from '@/rules/imageFile'
import { MESSAGES } from '@/rules/messages'

const refuse = (message: string) => new APIError(message, 400, null, true)

async function purposeOf(
  req: PayloadRequest,
  operation: string,
  args: { id?: number | string; data?: unknown },
): Promise<ImagePurpose> {
  let purpose = (args.data as { purpose?: unknown } | undefined)?.purpose
  if (operation === 'update') {
    // A replaced file keeps the purpose it was uploaded for (the field is not updatable).
    const stored = args.id
      ? await req.payload.findByID({ collection: 'media', id: args.id, depth: 0, req })
      : undefined
    purpose = stored?.purpose
  }
  if (!isImagePurpose(purpose)) throw refuse(MESSAGES.imagePurposeRequired)
  return purpose
}

/**
 * Uploads are judged by their bytes (SPEC §5, §9), before Payload stores or resizes anything:
 * the magic numbers must say JPEG, PNG, GIF or WEBP, the size must fit the purpose, and sharp
 * must decode the pixels. The declared type and file name count for nothing: a PNG named
 * photo.jpg is accepted as the PNG it is.
 */
export const checkImageUpload: CollectionBeforeOperationHook = async ({
  args,
  operation,
  overrideAccess,
  req,
}) => {
  if (operation !== 'create' && operation !== 'update') return args
  const file = req.file
  if (!file) return args
  // Visitors are refused by access control right after this hook; their files are not judged.
  if (!req.user && !overrideAccess) return args

  const purpose = await purposeOf(req, operation, args)
  const bytes = file.data?.length ? file.data : await fs.readFile(file.tempFilePath!)
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
