import { describe, expect, it } from 'vitest';
import { mailtoHref, telHref, visaFormHref, visaHref, whatsappHref } from '../../src/lib/content/links.ts';
import { VISA_TYPES } from '../../common/domain.ts';

describe('contact links', () => {
  it('dials the number without spaces or dashes', () => {
    expect(telHref('+234 1 280-4417')).toBe('tel:+23412804417');
  });

  it('opens WhatsApp with digits only', () => {
    expect(whatsappHref('+234 803 418 2290')).toBe('https://wa.me/2348034182290');
  });

  it('writes a mailto link', () => {
    expect(mailtoHref('hello@example.com')).toBe('mailto:hello@example.com');
  });
});

describe('visa links', () => {
  it.each(VISA_TYPES.map((type) => [type]))('Apply for %s carries the URL-encoded type', (type) => {
    const href = visaFormHref(type);
    expect(href.startsWith('/visa-form?type=')).toBe(true);
    expect(new URLSearchParams(href.split('?')[1]).get('type')).toBe(type);
  });

  it('encodes the slash and spaces of K1/i-130', () => {
    expect(visaFormHref('K1/i-130 Visa Application')).toBe('/visa-form?type=K1%2Fi-130%20Visa%20Application');
  });

  it('opens the bare form without a type', () => {
    expect(visaFormHref()).toBe('/visa-form');
  });

  it('builds the canonical visa route', () => {
    expect(visaHref(4)).toBe('/visa/4');
  });
});
