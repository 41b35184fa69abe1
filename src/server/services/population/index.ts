export { populationSumEndpoint } from './endpoint'
export { answerPopulationSum, populationCensus, type PopulationSumResult } from './populationSum'
