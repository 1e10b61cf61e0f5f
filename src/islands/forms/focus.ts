// Where focus goes when a success dialog closes: the browser would return it to the submit
// button, but that button was disabled while sending, so focus would fall to the page's start.

/** Focuses the first field of `form` (the reset form, ready for a new entry). */
export function focusFirstField(form: HTMLFormElement | null): void {
  form?.querySelector<HTMLElement>('input:not([tabindex="-1"]), select, textarea')?.focus();
}
