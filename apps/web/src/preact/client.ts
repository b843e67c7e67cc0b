// `react-dom/client` in the Preact browser build (build/preact-client.vite.ts): Preact's, plus one hydration fix.
import { options } from 'preact';
import type { VNode } from 'preact';

export { createRoot, hydrateRoot } from 'preact/compat/client';

/** Attributes that hold or point at an element id; `useId` gives other ids in Preact than React gave the server. */
const ID_ATTRS: Array<[prop: string, attr: string]> = [
  ['id', 'id'],
  ['htmlFor', 'for'],
  ['aria-describedby', 'aria-describedby'],
  ['aria-labelledby', 'aria-labelledby'],
  ['aria-controls', 'aria-controls'],
];

/** Preact's (stable, mangled) fields: a vnode's DOM node and its mode bits, and the error hook. */
type DiffedVNode = VNode<Record<string, unknown>> & { __e?: Element | Text | null; __u: number };
type CatchError = (error: unknown, vnode: DiffedVNode, oldVNode: DiffedVNode, info: unknown) => void;
const hooks = options as typeof options & { __e: CatchError };
const MODE_HYDRATE = 1 << 5;
/** Set by Preact when a part suspended and its server-rendered (or already drawn) nodes were kept. */
const MODE_SUSPENDED = 1 << 7;

// A lazy part that suspended while hydrating (a plugin view, the pc home) resumes later with that moment's
// props: the viewer is known by then, so a plugin may draw a sign-up button where the server drew a log-in one.
// Resumed as hydration, Preact would adopt the server's nodes with their old attributes; resumed as a render
// into the kept nodes it reuses them too but corrects attributes and text (React re-renders such a part).
// Suspense must still see such a part as hydrating, or it would swap the kept nodes for its fallback (a flash
// and a layout shift, e.g. a plugin banner inside the pc home whose code is not there yet).
const catchError = hooks.__e;
hooks.__e = (error, vnode, oldVNode, info) => {
  const kept = Boolean((error as { then?: unknown } | null)?.then) && vnode.__u & MODE_SUSPENDED;
  if (kept) vnode.__u |= MODE_HYDRATE;
  catchError(error, vnode, oldVNode, info);
  if (kept) vnode.__u &= ~MODE_HYDRATE;
};

// Hydration keeps the server's attributes and later renders only touch changed props, so a label or hint would
// keep pointing at the server's id while a later error points at Preact's: align them once, as they hydrate.
const previous = options.diffed;
options.diffed = (vnode: DiffedVNode) => {
  previous?.(vnode);
  const dom = vnode.__e;
  if (typeof vnode.type !== 'string' || !dom || !('setAttribute' in dom)) return;
  for (const [prop, attr] of ID_ATTRS) {
    const value = vnode.props[prop];
    if (typeof value === 'string' && dom.getAttribute(attr) !== value) dom.setAttribute(attr, value);
  }
};
