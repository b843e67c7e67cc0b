import { z } from 'zod';
import { defineCall } from './call.js';
import { idField } from './fields.js';

/** One category as the original's clients read it (reference §2.3a: `pid`, `name`, `threadCount`, `children`). */
export interface CategoryNode {
  pid: number;
  categoryId: number;
  name: string;
  description: string;
  icon: string;
  sort: number;
  property: number;
  threadCount: number;
  parentid: number;
  moderators: number[];
  canCreateThread: boolean;
  /**
   * The original clients' editor, editing a thread, offers the categories with this: moving a thread to a
   * category needs the right to start one there, so it is `canCreateThread`.
   */
  canEditThread: boolean;
  /** This category's id plus its children's: what the home page filters by when it is chosen. */
  searchIds: number[];
  children: CategoryNode[];
}

const categoryBase = z.object({
  pid: z.number().int(),
  categoryId: z.number().int(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  sort: z.number().int(),
  property: z.number().int(),
  threadCount: z.number().int(),
  parentid: z.number().int(),
  moderators: z.array(z.number().int()),
  canCreateThread: z.boolean(),
  canEditThread: z.boolean(),
  searchIds: z.array(z.number().int()),
});

/** A category with its (one level of) children. */
export const categoryNode: z.ZodType<CategoryNode> = categoryBase.extend({
  children: z.array(z.lazy(() => categoryNode)),
});

/** `GET categories`: the tree the actor may view. */
export const categoriesList = defineCall({
  method: 'GET',
  path: '/api/v3/categories',
  summary: 'Categories the actor may view, as a two-level tree',
  tags: ['categories'],
  input: z.object({}),
  output: z.array(categoryNode),
});

/** `GET categories.thread`: the tree the actor may post in. */
export const categoriesPostable = defineCall({
  method: 'GET',
  path: '/api/v3/categories.thread',
  summary: 'Categories the actor may create threads in',
  tags: ['categories'],
  input: z.object({}),
  output: z.array(categoryNode),
});

/** Fields an administrator sets on a category. */
export const categoryFields = z.object({
  name: z.string().trim().min(1).max(20),
  description: z.string().max(200).default(''),
  icon: z.string().max(500).default(''),
  sort: z.coerce.number().int().min(0).max(100000).default(0),
  property: z.coerce.number().int().min(0).max(1).default(0),
  parentid: z.coerce.number().int().min(0).default(0),
  moderators: z.array(z.coerce.number().int().min(1)).max(50).default([]),
});

/** Admin: create categories in a batch. */
export const categoriesCreate = defineCall({
  method: 'POST',
  path: '/api/backAdmin/categories.create',
  aliases: ['/api/categories.create.v2'],
  summary: 'Create categories (admin, batch)',
  tags: ['categories', 'admin'],
  input: z.object({ data: z.array(categoryFields).min(1).max(50) }),
  output: z.array(categoryNode),
});

/** Admin: update categories in a batch. */
export const categoriesUpdate = defineCall({
  method: 'POST',
  path: '/api/backAdmin/categories.update',
  aliases: ['/api/categories.update.v2'],
  summary: 'Update categories (admin, batch)',
  tags: ['categories', 'admin'],
  input: z.object({
    data: z
      .array(categoryFields.partial().extend({ id: idField }))
      .min(1)
      .max(50),
  }),
  output: z.array(categoryNode),
});

/**
 * Admin: delete categories without children. A category that still has threads needs `moveTo`, the category
 * its threads (drafts, held and deleted ones too) move to first.
 */
export const categoriesDelete = defineCall({
  method: 'POST',
  path: '/api/backAdmin/categories.delete',
  aliases: ['/api/categories.delete.v2'],
  summary: 'Delete categories, moving their threads to another (admin, batch)',
  tags: ['categories', 'admin'],
  input: z.object({ ids: z.array(idField).min(1).max(50), moveTo: idField.optional() }),
  output: z.object({ deleted: z.array(z.number().int()) }),
});
