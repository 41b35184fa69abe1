import { MESSAGES } from './messages'

/**
 * Uploaded images are judged by their bytes, never by file name or declared type. The four
 * formats the product accepts everywhere (SPEC §5, §9), found by their magic numbers.
 */
export const IMAGE_MIME_TYPES = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
} as const
export type ImageFormat = keyof typeof IMAGE_MIME_TYPES

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b)

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0))

/** JPEG FF D8 FF, PNG 89 50 4E 47, GIF 'GIF8', WEBP 'RIFF' ···· 'WEBP'; anything else: undefined. */
export function detectImageFormat(bytes: Uint8Array): ImageFormat | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47])) return 'png'
  if (startsWith(bytes, ascii('GIF8'))) return 'gif'
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp'
  return undefined
}

export const MB = 1024 * 1024

/** A small file can still decode to a huge bitmap: pixels (all frames) are bounded too. */
export const MAX_IMAGE_PIXELS = 40_000_000
export const MAX_IMAGE_FRAMES = 100

/** Whether decoding these dimensions stays within the bounds above. */
export function pixelsWithinLimits(width: number, height: number, frames = 1): boolean {
  return (
    width * height <= MAX_IMAGE_PIXELS &&
    frames <= MAX_IMAGE_FRAMES &&
    width * height * frames <= MAX_IMAGE_PIXELS * 4
  )
}

/** What an upload is for; decides its size limit and the wording of refusals (SPEC §5, §9). */
export const IMAGE_PURPOSES = [
  'review-photo',
  'neighbourhood-image',
  'business-image',
  'avatar',
  'story-image',
  'event-image',
  'market-photo',
  'lost-found-photo',
] as const
export type ImagePurpose = (typeof IMAGE_PURPOSES)[number]

interface PurposeRule {
  maxBytes: number
  tooLarge: string
  notImage: string
}

const fiveMb: PurposeRule = {
  maxBytes: 5 * MB,
  tooLarge: MESSAGES.neighbourhoodImageTooLarge,
  notImage: MESSAGES.invalidImage,
}

/** What neighbours' posts (market items, lost and found) say of their photos, taken on phones. */
export const PHOTO_TEXT = {
  tooLarge: 'A photo can be at most 10 MB.',
  notImage: 'That file is not an image: please choose a JPEG, PNG, GIF or WebP photo.',
}

const neighbourPhoto: PurposeRule = {
  maxBytes: 10 * MB,
  tooLarge: PHOTO_TEXT.tooLarge,
  notImage: PHOTO_TEXT.notImage,
}

export const IMAGE_RULES: Record<ImagePurpose, PurposeRule> = {
  'review-photo': {
    maxBytes: 2 * MB,
    tooLarge: MESSAGES.reviewPhotoTooLarge,
    notImage: MESSAGES.invalidImage,
  },
  'neighbourhood-image': fiveMb,
  'business-image': {
    maxBytes: 2 * MB,
    tooLarge: MESSAGES.spotImageTooLarge,
    notImage: MESSAGES.spotImageType,
  },
  avatar: fiveMb,
  'story-image': fiveMb,
  'event-image': fiveMb,
  'market-photo': neighbourPhoto,
  'lost-found-photo': neighbourPhoto,
}

/** The largest upload any purpose allows; Payload refuses bigger request bodies early. */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(IMAGE_RULES).map((r) => r.maxBytes))

export type ImageCheck = { ok: true; format: ImageFormat } | { ok: false; message: string }

/** Type first (a text file is "not an image" whatever its size), then the purpose's limit. */
export function checkImage(
  purpose: ImagePurpose,
  bytes: Uint8Array,
  size = bytes.length,
): ImageCheck {
  const rule = IMAGE_RULES[purpose]
  const format = detectImageFormat(bytes)
  if (!format) return { ok: false, message: rule.notImage }
  if (size > rule.maxBytes) return { ok: false, message: rule.tooLarge }
  return { ok: true, format }
}

export const isImagePurpose = (value: unknown): value is ImagePurpose =>
  typeof value === 'string' && (IMAGE_PURPOSES as readonly string[]).includes(value)
