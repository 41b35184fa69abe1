import type { MarketStatus } from '@/rules/market'

/** schema.org availability of an item's Offer. */
const AVAILABILITY: Record<MarketStatus, string> = {
  available: 'https://schema.org/InStock',
  reserved: 'https://schema.org/LimitedAvailability',
  gone: 'https://schema.org/SoldOut',
}

/**
 * The item page's schema.org Product with its Offer (price in pounds, GBP; a free item at 0);
 * a Wanted item offers nothing, so it carries no structured data.
 */
export function marketItemJsonLd(item: {
  kind: 'sale' | 'free' | 'wanted'
  title: string
  description: string
  pricePence: number | null
  status: MarketStatus
  url: string
  images: string[]
}): Record<string, unknown> | undefined {
  if (item.kind === 'wanted') return undefined
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: item.title,
    ...(item.description ? { description: item.description.slice(0, 500) } : {}),
    ...(item.images.length ? { image: item.images } : {}),
    offers: {
      '@type': 'Offer',
      url: item.url,
      priceCurrency: 'GBP',
      price: ((item.kind === 'sale' ? (item.pricePence ?? 0) : 0) / 100).toFixed(2),
      availability: AVAILABILITY[item.status],
    },
  }
}
