import {
  categoriesCreate,
  categoriesDelete,
  categoriesList,
  categoriesPostable,
  categoriesUpdate,
} from '@forum/contracts';
import type { Route } from '../../platform/http/router.js';
import type { CategoriesService } from './categories.service.js';

/** Mounts the category reads and the admin batch writes. */
export function registerCategoriesRoutes(route: Route, categories: CategoriesService): void {
  // The tree depends on the group's permissions only: members of a group share it until the next write.
  route(categoriesList, { groupCache: true, payExempt: true }, async (_input, { actor }) =>
    categories.visibleTree(actor),
  );
  route(categoriesPostable, { payExempt: true }, async (_input, { actor }) => categories.postableTree(actor));
  // Administrators' calls: refused to anyone else before the input is read, logged, two-factor enforced.
  const admin = { admin: true };
  route(categoriesCreate, admin, async (input, { actor }) => categories.create(actor, input.data));
  route(categoriesUpdate, admin, async (input, { actor }) => categories.update(actor, input.data));
  route(categoriesDelete, admin, async (input, { actor }) => ({
    deleted: await categories.remove(actor, input.ids, input.moveTo),
  }));
}
