// Addresses every email test runs over: what must pass as one mailbox, and what a mail library
// would read as a list, a display name, a group or a comment (or is no address at all).

/** One mailbox each: plain, tagged, every atext character, internationalised local parts and domains. */
export const ONE_MAILBOX = [
  'amara@example.com',
  'Amara.Eze@Example.COM',
  "o'neil+visa@bridge-way.co.uk",
  'a!#$%&*+/=?^_`{|}~-@x.example',
  'josé@exämple.com',
  '用户@例子.广告',
  'ngozi@xn--bcher-kva.example',
];

/** Not one mailbox, each with the reason a mail library or RFC 5321 gives. */
export const NOT_ONE_MAILBOX = [
  'someone,victim@y.example', // a list: someone, and victim@y.example
  'someone;victim@y.example', // a list, as Outlook writes one
  'Victim <victim@y.example>', // a display name
  '<victim@y.example>', // an angle address
  '"a,victim"@y.example', // a quoted local part with a comma
  '"someone"@y.example', // a quoted local part
  'list:victim@y.example;', // a group
  'someone(comment)@y.example', // a comment
  'victim@y.example, other@z.example', // a list with a space
  'two words@example.com', // white space
  'no\u00a0break@example.com', // a non-breaking space
  'a@b@example.com', // two @
  'a..b@example.com', // an empty atom
  '.a@example.com', // a leading dot
  'a.@example.com', // a trailing dot
  'a\\b@example.com', // a backslash
  'a@[192.0.2.1]', // an address literal
  'a@under_score.example', // not a host name
  'name@example', // one label
  'kwame@',
  'not-an-email',
];
