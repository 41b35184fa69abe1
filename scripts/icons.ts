/**
 * Draws the app icons (manifest, home screen) from the brand: the favicon's house in the
 * brand green (src/styles/global.css --brand) on the page colour. Run after changing the drawing:
 * `node --import tsx scripts/icons.ts`; the PNGs are committed in public/icons/.
 */
import path from 'node:path'

import sharp from 'sharp'

const BRAND = '#2f6b4f'
const PAGE = '#f7f5f0'
const ACCENT = '#e8a33d'
const HOUSE = 'M14 44V30l18-14 18 14v14H38V34H26v10z'

/** `inset`: how much of the 64-unit square the house keeps clear of the edge. */
function drawing(rounded: boolean, scale: number): string {
  const offset = 32 - 32 * scale
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" ${rounded ? 'rx="14"' : ''} fill="${BRAND}"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})">
    <path d="${HOUSE}" fill="${PAGE}"/>
    <circle cx="32" cy="27" r="3.2" fill="${ACCENT}"/>
  </g>
</svg>`
}

const out = path.join(import.meta.dirname, '..', 'public', 'icons')
// A maskable icon may be cut to a circle of 80 % of its side: the house stays inside it.
const icons = [
  { name: 'icon-192.png', size: 192, svg: drawing(true, 1) },
  { name: 'icon-512.png', size: 512, svg: drawing(true, 1) },
  { name: 'maskable-512.png', size: 512, svg: drawing(false, 0.72) },
  { name: 'maskable-192.png', size: 192, svg: drawing(false, 0.72) },
  { name: 'apple-touch-icon.png', size: 180, svg: drawing(false, 0.8) },
]
for (const icon of icons) {
  await sharp(Buffer.from(icon.svg), { density: (72 * icon.size) / 64 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, icon.name))
}
console.log(`icons: ${icons.map((i) => i.name).join(', ')} in public/icons`)
