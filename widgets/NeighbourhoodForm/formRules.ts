export {
  checkForm,
  formatCoordinate,
  parseCoordinate,
  type FormValues,
  type NeighbourhoodBody,
} from '@/schemas/neighbourhoodForm'
