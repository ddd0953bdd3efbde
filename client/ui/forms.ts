/**
 * After a refused submit, the field the first problem is about is marked invalid and gets the
 * focus, so that a keyboard or screen-reader user lands where the fix is (the status line says
 * what is wrong). Editing a field clears its mark (TextField).
 */
export function pointAtField(form: HTMLFormElement | null, field: PropertyKey | undefined): void {
  if (!form) return;
  for (const el of form.querySelectorAll('[aria-invalid]')) el.removeAttribute('aria-invalid');
  if (typeof field !== 'string') return;
  const el = form.querySelector<HTMLElement>(`[name="${CSS.escape(field)}"]`);
  if (!el) return;
  el.setAttribute('aria-invalid', 'true');
  // With its label in view, not just under the fixed navigation bar.
  el.focus({ preventScroll: true });
  (el.closest('label') ?? el).scrollIntoView({ block: 'nearest' });
}
