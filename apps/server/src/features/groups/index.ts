/** Groups feature: group rows, permission sets and membership. */
export { GroupsService } from './groups.service.js';
export {
  findUserGroup,
  listGroups,
  setUserGroup,
  insertGrants,
  insertMissingGroups,
  type GroupRow,
} from './groups.repository.js';
export { DEFAULT_GROUPS, DEFAULT_GRANTS } from './groups.defaults.js';
export { groupUser } from './groups.table.js';
