// The Edge Function that sends the queued notifications (public.notifications): each call claims
// batches of due rows, renders each email (emails/), sends it over SMTP (mail/smtp.ts) and records
// the outcome, and answers what it did. The database calls it when rows are queued and every minute
// (supabase/migrations/20261122000500_notifications.sql); nothing else may (_shared/caller.ts).
// Deployed with verify_jwt = false (supabase/config.toml): it checks its caller itself.
import { queueFunction, type QueueJob } from '../_shared/queue-function.ts';
import { BATCH_SIZE, CONNECTIONS, deliverBatch } from './deliver.ts';
import { smtpSender } from './mail/smtp.ts';
import { readSenderSettings, type SenderSettings } from './settings.ts';

const sendNotifications: QueueJob<SenderSettings> = {
  name: 'send-notifications',
  batchSize: BATCH_SIZE,
  // Rendering and composing an email takes 2.2 to 3 ms of CPU (measured in Deno: a staff notice,
  // a booking confirmation with its calendar file): 100 a call stay well below the 2 s of CPU a
  // hosted call may use, with room for a slower machine and a longer staff list.
  rowsPerCall: 100,
  readSettings: readSenderSettings,
  start(client, settings, project) {
    const mail = smtpSender(settings.smtp, settings.smtpTimeoutMs, CONNECTIONS);
    return { batch: () => deliverBatch(client, settings, project.url, mail), close: () => mail.close() };
  },
};

Deno.serve(queueFunction(sendNotifications, (name) => Deno.env.get(name)));
