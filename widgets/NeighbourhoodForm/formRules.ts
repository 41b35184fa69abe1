import { IMAGE_RULES, detectImageFormat } from '@/rules/imageFile'

export {
  checkForm,
  formatCoordinate,
  parseCoordinate,
  type FormValues,
  type NeighbourhoodBody,
} from '@/schemas/neighbourhoodForm'

/**
 * The chosen image, judged as the server will judge it (SPEC §5): its first bytes must say
 * JPEG, PNG, GIF or WEBP, and it must be under 5 MB. Null when it is fine.
 */
export async function checkImageFile(file: File): Promise<string | null> {
  const rule = IMAGE_RULES['neighbourhood-image']
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer())
  if (!detectImageFormat(head)) return rule.notImage
  if (file.size > rule.maxBytes) return rule.tooLarge
  return null
}
