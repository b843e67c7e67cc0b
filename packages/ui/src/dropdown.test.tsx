// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Dropdown } from './dropdown.js';
import { Button } from './button.js';
import { ToastHost } from './toast.js';
import { ToastStore } from './toast-store.js';
import { domRootPerTest } from './test-dom.js';

const dom = domRootPerTest();
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const items = [
  { key: 'my', label: 'My' },
  { key: 'logout', label: 'Logout' },
];
const menu = () => dom.host().querySelector('[role="menu"]');
// React listens for mouseover/mouseout to synthesise enter/leave events.
const hover = (el: Element, inside: boolean) =>
  el.dispatchEvent(
    new MouseEvent(inside ? 'mouseover' : 'mouseout', {
      bubbles: true,
      relatedTarget: inside ? document.body : document.body,
    }),
  );

describe('Dropdown', () => {
  it('hover mode opens after 250 ms and closes 150 ms after leaving', () => {
    dom.render(<Dropdown items={items}>menu</Dropdown>);
    const dd = dom.host().querySelector('.ui-dropdown')!;
    act(() => {
      hover(dd, true);
    });
    act(() => {
      vi.advanceTimersByTime(249);
    });
    expect(menu()).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(menu()).not.toBeNull();
    act(() => {
      hover(dd, false);
    });
    act(() => {
      vi.advanceTimersByTime(149);
    });
    expect(menu()).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(menu()).toBeNull();
  });

  it('click mode toggles, closes on outside click, and hides after a choice', () => {
    const onSelect = vi.fn();
    dom.render(
      <Dropdown items={items} trigger="click" onSelect={onSelect}>
        menu
      </Dropdown>,
    );
    const trigger = dom.host().querySelector<HTMLElement>('.ui-dropdown__trigger')!;
    act(() => {
      trigger.click();
    });
    expect(menu()).not.toBeNull();
    act(() => {
      document.body.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    expect(menu()).toBeNull();
    act(() => {
      trigger.click();
    });
    act(() => {
      dom.host().querySelector<HTMLElement>('[role="menuitem"]')!.click();
    });
    expect(onSelect).toHaveBeenCalledWith('my');
    expect(menu()).toBeNull();
  });
});

describe('Button', () => {
  it('keeps the press highlight for 50 ms after release', () => {
    dom.render(<Button>ok</Button>);
    const b = dom.host().querySelector('button')!;
    act(() => {
      b.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true }));
    });
    expect(b.className).toContain('is-pressed');
    act(() => {
      b.dispatchEvent(new MouseEvent('pointerup', { bubbles: true }));
    });
    act(() => {
      vi.advanceTimersByTime(49);
    });
    expect(b.className).toContain('is-pressed');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(b.className).not.toContain('is-pressed');
  });
});

describe('ToastHost', () => {
  it('renders one toast and a clickable mask hides it', () => {
    const store = new ToastStore();
    dom.render(<ToastHost store={store} />);
    act(() => void store.show('info', 'one', { mask: true, maskClickable: true }));
    act(() => void store.show('error', 'two', { mask: true, maskClickable: true }));
    expect(dom.host().querySelectorAll('.ui-toast')).toHaveLength(1);
    expect(dom.host().textContent).toContain('two');
    act(() => {
      dom.host().querySelector<HTMLElement>('[data-testid="toast-mask"]')!.click();
    });
    expect(dom.host().querySelector('.ui-toast')).toBeNull();
  });
});
