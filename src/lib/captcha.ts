// An optional CAPTCHA for the account forms that call Auth: login (and its Resend Verification
// Email button), signup and the reset request. Hosted Supabase can require one
// (Authentication → Attack Protection); the forms then show the provider's widget and send its
// token with the call (supabase-js `options.captchaToken`, or `captchaToken` for a reset). The build switches it on with
// PUBLIC_CAPTCHA_PROVIDER (`hcaptcha` or `turnstile`) and PUBLIC_CAPTCHA_SITE_KEY; without them
// the widget renders nothing and no provider script is loaded. The embedded backend accepts a
// token and does not check it. The booking form shows it too and spends its token on an anonymous
// sign-in (src/lib/forms/store-booking.ts).

export type CaptchaProvider = 'hcaptcha' | 'turnstile';

export interface CaptchaConfig {
  provider: CaptchaProvider;
  siteKey: string;
}

/** The build's CAPTCHA, or null when none (or an unknown provider) is configured. */
export function captchaConfig(
  provider: string | undefined = import.meta.env.PUBLIC_CAPTCHA_PROVIDER,
  siteKey: string | undefined = import.meta.env.PUBLIC_CAPTCHA_SITE_KEY,
): CaptchaConfig | null {
  if ((provider !== 'hcaptcha' && provider !== 'turnstile') || !siteKey) return null;
  return { provider, siteKey };
}

/** The part of the widget API hCaptcha and Turnstile share, explicit rendering. */
interface WidgetApi {
  render(container: HTMLElement, options: { sitekey: string; callback: (token: string) => void; 'expired-callback': () => void }): string;
  reset(id?: string): void;
}

const SCRIPTS: Record<CaptchaProvider, { src: string; global: string }> = {
  hcaptcha: { src: 'https://js.hcaptcha.com/1/api.js?render=explicit', global: 'hcaptcha' },
  turnstile: { src: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit', global: 'turnstile' },
};

let token: string | undefined;
let resetWidget: (() => void) | undefined;

/**
 * The supabase-js option carrying the solved challenge's token (`{}` without a CAPTCHA, or before
 * it is solved). A token is good for one call, so it is handed out once and the widget is reset
 * for the next submission.
 */
export function takeCaptcha(): { captchaToken?: string } {
  const taken = token;
  token = undefined;
  resetWidget?.();
  return taken ? { captchaToken: taken } : {};
}

/** Loads the provider's script once and renders its widget into `container`. */
export async function mountCaptcha(container: HTMLElement, config: CaptchaConfig): Promise<void> {
  const { src, global } = SCRIPTS[config.provider];
  const api = await new Promise<WidgetApi>((resolve, reject) => {
    const loaded = (window as unknown as Record<string, WidgetApi | undefined>)[global];
    if (loaded) return resolve(loaded);
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve((window as unknown as Record<string, WidgetApi>)[global]!);
    script.onerror = () => reject(new Error(`${config.provider} did not load`));
    document.head.append(script);
  });
  const id = api.render(container, {
    sitekey: config.siteKey,
    callback: (solved) => (token = solved),
    'expired-callback': () => (token = undefined),
  });
  resetWidget = () => api.reset(id);
}
