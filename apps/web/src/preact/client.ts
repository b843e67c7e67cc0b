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

/** Preact's (stable, mangled) field for a vnode's DOM node. */
type DiffedVNode = VNode<Record<string, unknown>> & { __e?: Element | Text | null };

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
