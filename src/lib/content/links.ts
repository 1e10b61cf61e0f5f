// Pure link builders shared by pages: contact hrefs and the visa routes. No Astro imports, so
// unit tests cover them directly.

/** A `tel:` link for a phone number as written in the settings (spaces and dashes dropped). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** A WhatsApp click-to-chat link (wa.me wants the number as digits only, no plus sign). */
export function whatsappHref(number: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}`;
}

/** A `mailto:` link for an address. */
export function mailtoHref(email: string): string {
  return `mailto:${email}`;
}

/** The visa form, preselecting a visa type: `/visa-form?type=<URL-encoded type>`. */
export function visaFormHref(type?: string): string {
  return type ? `/visa-form?type=${encodeURIComponent(type)}` : '/visa-form';
}

/** The canonical detail route of a visa. */
export function visaHref(id: number): string {
  return `/visa/${id}`;
}
