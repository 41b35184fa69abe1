/** SPEC §5 slug rule, used everywhere: lower-case, trim, spaces to hyphens, keep a-z 0-9 and '-'. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
}
