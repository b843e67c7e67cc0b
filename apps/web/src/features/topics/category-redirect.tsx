import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import type { CategoryNode } from '@forum/contracts';
import { apiFrom } from '../../app/api.ts';

function hasCategory(nodes: CategoryNode[], id: number): boolean {
  return nodes.some((n) => n.categoryId === id || hasCategory(n.children, id));
}

/**
 * `/category/:id` is the home list filtered by that category (one page, one address for crawlers). A category
 * that does not exist (or that the visitor may not see) is the site's 404, not an empty list.
 */
export async function loader({ context, params, request }: LoaderFunctionArgs): Promise<Response> {
  const id = Math.max(0, Number(params.id) || 0);
  if (!id) return redirect('/');
  const [api, c] = await Promise.all([apiFrom(context), import('@forum/contracts')]);
  const res = await api.call(c.categoriesList, {}, { signal: request.signal });
  if (res.Code === 0 && !hasCategory(res.Data ?? [], id)) throw data({ reason: 'notFound' }, { status: 404 });
  return redirect(`/?categoryId=${id}`);
}

/** Never rendered: the loader always redirects. */
export function Component() {
  return null;
}
