import type { CollectionConfig } from 'payload'

import { Media } from './Media'
import { Neighbourhoods } from './Neighbourhoods'
import { Notifications } from './Notifications'
import { Reviews } from './Reviews'
import { Users } from './Users'

/** Every collection of the product, registered in payload.config.ts. Add new ones here. */
export const collections: CollectionConfig[] = [
  Users,
  Neighbourhoods,
  Reviews,
  Media,
  Notifications,
]
