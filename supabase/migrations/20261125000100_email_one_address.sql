/**
  * -------------------------------------------------------
  * One address per email address column
  * -------------------------------------------------------
  * The first rule of public.email_address (one @, no white space) let through what a mail library
  * reads as a list or a display name: someone,victim@y.example reached two mailboxes, and so did
  * forms with ; < > or a quoted local part. The rule is now one mailbox in RFC 5321's Dot-string
  * form, as src/lib/email-address.ts writes it: atoms of anything but white space, controls and
  * RFC 5322's specials ( ) < > [ ] : ; @ \ , . " joined by single dots, an @, then two or more
  * labels of letters, digits and hyphens (any non-ASCII letter included, for internationalised
  * addresses). The pattern below is that file's EMAIL_PATTERN, character for character
  * (tests/db/email-address.test.ts compares them and runs both over the same addresses).
  * Adding the constraint checks every stored value of the domain.
 */
alter domain public.email_address drop constraint email_address_format;

alter domain public.email_address
    add constraint email_address_format check (value ~
        '^[^\u0001-\u0020\u007f-\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff()<>:;@,."\u005b\u005c\u005d]+(?:\.[^\u0001-\u0020\u007f-\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff()<>:;@,."\u005b\u005c\u005d]+)*@[^\u0001-\u0020\u007f-\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff\u0021-\u002c\u002e\u002f\u003a-\u0040\u005b-\u0060\u007b-\u007e]+(?:\.[^\u0001-\u0020\u007f-\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff\u0021-\u002c\u002e\u002f\u003a-\u0040\u005b-\u0060\u007b-\u007e]+)+$');

/**
  * A notification whose recipient the sender refuses (not exactly one mailbox, as the mail library
  * reads it) can never be sent: retrying it five times only delays the record of why. give_up
  * marks the try failed at once with its error; otherwise as before (sent, or queued again after
  * private.notification_backoff, or failed after private.notification_max_attempts() tries).
  * claimed_attempt still names the claim: a report for a claim that is no longer current is ignored.
 */
drop function public.complete_notification(uuid, integer, text);

create or replace function public.complete_notification(notification_id uuid, claimed_attempt integer, error text default null,
                                                        give_up boolean default false)
    returns void
    language plpgsql
    security invoker
    set search_path = ''
as
$$
begin
    if complete_notification.error is null then
        update public.notifications
        set status       = 'sent',
            sent_at      = now(),
            locked_until = null
        where id = complete_notification.notification_id
          and status = 'sending'
          and attempts = complete_notification.claimed_attempt;
    else
        update public.notifications n
        set status          = case
                                  when complete_notification.give_up or n.attempts >= private.notification_max_attempts()
                                      then 'failed'
                                  else 'queued' end,
            next_attempt_at = case
                                  when complete_notification.give_up or n.attempts >= private.notification_max_attempts()
                                      then n.next_attempt_at
                                  else now() + private.notification_backoff(n.attempts) end,
            locked_until    = null,
            last_error      = left(complete_notification.error, 2000)
        where n.id = complete_notification.notification_id
          and n.status = 'sending'
          and n.attempts = complete_notification.claimed_attempt;
    end if;
end;
$$;

revoke all on function public.complete_notification(uuid, integer, text, boolean) from public, anon, authenticated, service_role;
grant execute on function public.complete_notification(uuid, integer, text, boolean) to service_role;
