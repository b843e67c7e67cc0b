/** Content blocks ("toms"): the registry of block types a thread may carry and the built-in ones. */
export {
  registerBuiltInToms,
  TomRegistry,
  type TomSaveContext,
  type TomShowContext,
  type TomType,
} from './toms.registry.js';
