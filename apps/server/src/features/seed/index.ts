/** Seed feature: realistic data for demos and benchmarks (`npm run seed`). */
export { seed, SEED_PASSWORD, type SeedOptions, type Progress } from './seed.service.js';
