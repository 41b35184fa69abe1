import { IMAGE_RULES } from '@/rules/imageFile'

const RULE = IMAGE_RULES['review-photo']

/**
 * SPEC §5 review photos, checked before upload (the server checks the bytes again):
 * images only ('Only image files are allowed.'), each at most 2 MB ('{file} exceeds 2MB').
 */
export function reviewPhotoProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return 'Only image files are allowed.'
  if (file.size > RULE.maxBytes) return `${file.name} exceeds 2MB`
  return null
}
