import { changeStatus } from './status'
import { createItem } from './create'
import { editItem } from './edit'
import { renewItem } from './renew'

/** The market's commands, mounted on the collection (/api/market-items/...). */
export const marketItemEndpoints = [createItem, editItem, changeStatus, renewItem]
