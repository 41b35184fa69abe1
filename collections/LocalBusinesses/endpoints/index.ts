import { suggestSpotEndpoint } from './create'
import { command } from '@collections/shared/command'
import { deleteOwnPost } from '@collections/shared/deleteOwnPost'
import { editSpotEndpoint } from './edit'
import { spotListEndpoint } from './list'

/** The local spots' commands and list, mounted on the collection (/api/local-businesses/...). */
export const localSpotEndpoints = [
  spotListEndpoint,
  suggestSpotEndpoint,
  editSpotEndpoint,
  // The owner (or staff) deletes a spot, its badges and reactions with it.
  command('localSpots.remove', deleteOwnPost('local-businesses')),
]
