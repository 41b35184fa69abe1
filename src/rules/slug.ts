/** SPEC §5 slug rule, used everywhere: lower-case, trim, spaces to hyphens, keep a-z 0-9 and '-'. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
}

/** A slug is well formed when making a slug of it changes nothing (and it is not empty). */
export const isSlug = (text: string): boolean => text !== '' && slugify(text) === text

/** SPEC §5/§9: on create a taken slug gets a numeric suffix; up to 20 variants are tried. */
export const SLUG_VARIANTS = 20

/** The slug itself, then `slug-2` … `slug-21` (20 suffixed variants). */
export function slugCandidates(slug: string, variants = SLUG_VARIANTS): string[] {
  return [slug, ...Array.from({ length: variants }, (_, i) => `${slug}-${i + 2}`)]
}

/**
 * The slug without trailing numeric parts ('camden-2-3' → 'camden'). Any two slugs whose
 * candidate lists overlap share a root, so creates lock on it (collections/Neighbourhoods).
 */
export function slugRoot(slug: string): string {
  return slug.replace(/(-\d+)+$/, '')
}

/** Slugs that name a screen under /neighbourhood/ (the submit form), so no place may take them. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set(['new'])
