import { redirect, type LoaderFunctionArgs } from 'react-router';

/** `/category/:id` is the home list filtered by that category (one page, one address for crawlers). */
export function loader({ params }: LoaderFunctionArgs): Response {
  const id = Math.max(0, Number(params.id) || 0);
  return redirect(id ? `/?categoryId=${id}` : '/');
}

/** Never rendered: the loader always redirects. */
export function Component() {
  return null;
}
