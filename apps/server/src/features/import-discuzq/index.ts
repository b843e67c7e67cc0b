/** Importer from a Discuz! Q database (`npm run forum -- import:discuzq`); see docs/migrate-from-discuzq.md. */
export { importDiscuzq, formatReport, STEPS, type ImportOptions } from './import.service.js';
export type { StepReport } from './runner.js';
