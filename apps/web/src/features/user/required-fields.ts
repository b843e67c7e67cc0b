import { toast } from '@forum/ui';
import type { TFunction } from '../../i18n/translator.ts';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * The forms of the login flows set `noValidate`: the browser's own "please fill in this field" bubble speaks the
 * browser's language, not the page's. This is the check instead: the first required field left empty is focused,
 * marked invalid and named in a toast in the page's language. Returns true when the submit must stop.
 */
export function stopIfEmpty(form: EventTarget | null, t: TFunction): boolean {
  if (!(form instanceof HTMLFormElement)) return false;
  for (const el of form.querySelectorAll<Field>('input[required], textarea[required], select[required]')) {
    if (el.disabled) continue;
    const empty =
      el instanceof HTMLInputElement && el.type === 'checkbox' ? !el.checked : el.value.trim() === '';
    if (!empty) continue;
    el.setAttribute('aria-invalid', 'true');
    el.addEventListener('input', () => el.removeAttribute('aria-invalid'), { once: true });
    el.focus();
    const label = el.labels?.[0]?.textContent?.trim() || el.name;
    toast.error(t('form.required', { field: label }));
    return true;
  }
  return false;
}
