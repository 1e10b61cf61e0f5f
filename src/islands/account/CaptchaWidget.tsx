// The CAPTCHA challenge of the login, signup and reset request forms and the booking form
// (src/lib/captcha.ts): nothing at all, no markup and no script, unless the build configures a provider.
import { useEffect, useRef } from 'react';
import { captchaConfig, mountCaptcha } from '../../lib/captcha.ts';

const CONFIG = captchaConfig();

export default function CaptchaWidget() {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // A provider that fails to load leaves the form as it is; the service then says what is missing.
    if (CONFIG && container.current) mountCaptcha(container.current, CONFIG).catch(() => undefined);
  }, []);
  return CONFIG ? <div ref={container} className="account-captcha" /> : null;
}
