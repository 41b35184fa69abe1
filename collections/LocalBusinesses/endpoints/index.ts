import { suggestSpotEndpoint } from './create'
import { deleteSpotEndpoint } from './delete'
import { editSpotEndpoint } from './edit'
import { spotListEndpoint } from './list'

/** The local spots' commands and list, mounted on the collection (/api/local-businesses/...). */
export const localSpotEndpoints = [
  spotListEndpoint,
  suggestSpotEndpoint,
  editSpotEndpoint,
  deleteSpotEndpoint,
]
