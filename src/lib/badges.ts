// Which colour each status's badge wears. A badge always shows its label as text; the tone only
// adds colour (its contrast is in src/islands/ui/badge.css), so no status is told by colour alone.
import type { ItemState } from './documents/checklist-view.ts';
import { APPLICATION_STATUSES, isOneOf, SUBSCRIPTION_STATUSES, type ApplicationStatus, type SubscriptionStatus } from '../../common/domain.ts';

/** A badge's colour family. */
export type BadgeTone = 'info' | 'progress' | 'success' | 'danger' | 'neutral';

const APPLICATION_TONES: Record<ApplicationStatus, BadgeTone> = {
  submitted: 'info',
  in_review: 'progress',
  approved: 'success',
  rejected: 'danger',
};

/** The tone of an application's status (neutral for a value the site does not know). */
export function applicationStatusTone(status: unknown): BadgeTone {
  return isOneOf(APPLICATION_STATUSES, status) ? APPLICATION_TONES[status] : 'neutral';
}

const ITEM_TONES: Record<ItemState, BadgeTone> = {
  provided: 'success',
  missing: 'neutral',
  needs_replacing: 'danger',
};

/** The tone of a checklist item's state (and of a file's verdict: accepted reads as provided). */
export function itemStateTone(state: ItemState | 'accepted'): BadgeTone {
  return state === 'accepted' ? 'success' : ITEM_TONES[state];
}

const SUBSCRIPTION_TONES: Record<SubscriptionStatus, BadgeTone> = {
  pending: 'progress',
  subscribed: 'success',
  unsubscribed: 'neutral',
};

/** The tone of a newsletter sign-up's state. */
export function subscriptionStatusTone(status: unknown): BadgeTone {
  return isOneOf(SUBSCRIPTION_STATUSES, status) ? SUBSCRIPTION_TONES[status] : 'neutral';
}
