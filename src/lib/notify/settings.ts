// Optional notifications (docs/product-decisions.md: the database row is the record; the seed's email-sending
// and form-submission services may also be told, configured by public build-time variables and
// off while they are empty). They are public because the browser calls the services directly,
// as the seed's site did: use a key the service restricts to the site's origin.

export interface EmailServiceSettings {
  /** The service's origin; requests go to `${url}/api/v1.0/email/send`. */
  url: string;
  userId: string;
  serviceId: string;
  templates: { booking: string; newsletter: string };
}

export interface FormServiceSettings {
  /** The full submission endpoint. */
  url: string;
  accessKey: string;
}

interface NotifySettings {
  email: EmailServiceSettings | null;
  form: FormServiceSettings | null;
}

type Env = Record<string, string | boolean | undefined>;

const value = (env: Env, name: string) => {
  const raw = env[name];
  return typeof raw === 'string' ? raw.trim() : '';
};

/** Reads the PUBLIC_* notification variables; a service with any value missing is off. */
export function readNotifySettings(env: Env): NotifySettings {
  const email = {
    url: value(env, 'PUBLIC_EMAIL_SERVICE_URL').replace(/\/+$/, ''),
    userId: value(env, 'PUBLIC_EMAIL_SERVICE_USER_ID'),
    serviceId: value(env, 'PUBLIC_EMAIL_SERVICE_ID'),
    templates: {
      booking: value(env, 'PUBLIC_EMAIL_BOOKING_TEMPLATE_ID'),
      newsletter: value(env, 'PUBLIC_EMAIL_NEWSLETTER_TEMPLATE_ID'),
    },
  };
  const form = {
    url: value(env, 'PUBLIC_FORM_SERVICE_URL'),
    accessKey: value(env, 'PUBLIC_FORM_SERVICE_ACCESS_KEY'),
  };
  return {
    email: email.url && email.userId && email.serviceId ? email : null,
    form: form.url && form.accessKey ? form : null,
  };
}
