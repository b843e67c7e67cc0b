// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { domRootPerTest } from './test-dom.js';
import { TextField } from './text-field.js';

const dom = domRootPerTest();

const input = () => dom.host().querySelector('input')!;
const byId = (id: string | null) => (id ? document.getElementById(id) : null);

describe('TextField', () => {
  it('labels its input by id and passes input props through (autocomplete, name, typing filters)', () => {
    dom.render(<TextField label="用户名" name="username" autoComplete="username" trim />);
    const label = dom.host().querySelector('label')!;
    expect(label.textContent).toBe('用户名');
    expect(label.htmlFor).toBe(input().id);
    expect(input().id).not.toBe('');
    expect(input().labels?.[0]).toBe(label);
    expect(input().getAttribute('autocomplete')).toBe('username');
    expect(input().name).toBe('username');
    expect(input().hasAttribute('aria-describedby')).toBe(false);
    expect(input().hasAttribute('aria-invalid')).toBe(false);
    expect(dom.host().querySelector('.ui-field__hint, .ui-field__error')).toBeNull();
  });

  it('the hint and the error describe the input; the error marks it invalid and is announced', () => {
    dom.render(<TextField label="密码" id="pw" hint="至少 6 位" error="两次输入的密码不一致" />);
    expect(input().id).toBe('pw');
    expect(dom.host().querySelector('label')!.htmlFor).toBe('pw');
    const [hintId, errorId] = input().getAttribute('aria-describedby')!.split(' ');
    expect(byId(hintId!)?.textContent).toBe('至少 6 位');
    expect(byId(errorId!)?.textContent).toBe('两次输入的密码不一致');
    expect(byId(errorId!)?.getAttribute('role')).toBe('alert');
    expect(input().getAttribute('aria-invalid')).toBe('true');
    // The label names the input alone: the hint and error stay outside it.
    expect(dom.host().querySelector('label')!.textContent).toBe('密码');
  });

  it('two fields on one page get different ids', () => {
    dom.render(
      <>
        <TextField label="a" />
        <TextField label="b" />
      </>,
    );
    const ids = [...dom.host().querySelectorAll('input')].map((i) => i.id);
    expect(new Set(ids).size).toBe(2);
  });
});
