export { geocodeEndpoints } from './endpoints'
