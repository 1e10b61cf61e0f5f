// The short reference of an application, as its receipt, its emails, its card and the admin show it.
/**
 * The reference an applicant quotes: the first 8 hex digits of the application's id, in capitals
 * (the database stores it lower-cased, as visa_applications.reference, for the admin's search).
 * Two applications may share one; the admin's search lists every match.
 */
export function applicationReference(id: string): string {
  return id.replace(/-/g, '').slice(0, 8).toUpperCase();
}
