// Nodemailer's options for an SMTP server, shared by the notification sender (Deno) and the
// embedded backend's auth mail (Node): implicit TLS when `secure` (port 465), otherwise STARTTLS
// whenever the server offers it, AUTH when a user is given, and a timeout on every step. No
// imports, so both runtimes read it.

export interface SmtpServer {
  host: string;
  port: number;
  /** Implicit TLS (port 465). Otherwise the client upgrades with STARTTLS when offered. */
  secure: boolean;
  user?: string;
  pass?: string;
}

/** Nodemailer's options for `server`; each step (connect, greeting, each reply) may take timeoutMs. */
export function smtpOptions(server: SmtpServer, timeoutMs = 10_000) {
  return {
    host: server.host,
    port: server.port,
    secure: server.secure,
    ...(server.user ? { auth: { user: server.user, pass: server.pass ?? '' } } : {}),
    // The name given in EHLO; the machine's own host name may be anything.
    name: 'localhost',
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  };
}
