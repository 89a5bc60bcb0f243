import type { NotificationTopic } from '@autoroute/contract/user';

/*
 * The one rule on whether a notice of ours reaches a member (issue 33): every sending path (price
 * drops, saved-search alerts, messages and contacts) reads the member's preferences with
 * `topicColumns` and asks `delivery`. SPEC §3's "Notify me about: Nothing" silences everything, its
 * email switch every mail; each topic then has its own inbox and email switches. The mail copies
 * the inbox notice (the send-notification-mail job mails inbox rows): with a topic's inbox off,
 * nothing of it is sent. A message is always in Messages: only its mail is a choice.
 */

/** Each topic's columns in `notification_preferences` (migration 20261220_0010). */
export const TOPIC_COLUMNS = {
  priceDrop: { inbox: 'price_drop_inbox', email: 'price_drop_email' },
  savedSearch: { inbox: 'saved_search_inbox', email: 'saved_search_email' },
  message: { inbox: null, email: 'message_email' },
} as const satisfies Record<NotificationTopic, { inbox: string | null; email: string }>;

/** What a sending path selects, joined as `np` (a member without saved preferences reads nulls: the defaults). */
export const topicColumns = <T extends 'priceDrop' | 'savedSearch'>(topic: T) =>
  [
    'np.type as notify_type',
    'np.email as notify_email',
    `np.${TOPIC_COLUMNS[topic].inbox} as topic_inbox`,
    `np.${TOPIC_COLUMNS[topic].email} as topic_email`,
  ] as const;
/** A message's: always in Messages, its mail as the member's switch says. */
export const messageColumns = ['np.type as notify_type', 'np.email as notify_email', 'np.message_email as topic_email'] as const;

/** A member's preferences as `topicColumns` reads them. */
export interface TopicPreferences {
  notify_type: string | null;
  notify_email: number | null;
  /** Absent for a topic always in the inbox (messages, in Messages). */
  topic_inbox?: number | null;
  topic_email: number | null;
}

/** Whether the notice goes to the member's inbox, and whether its mail follows. */
export function delivery(p: TopicPreferences | undefined): { inbox: boolean; mail: boolean } {
  const inbox = (p?.notify_type ?? 'all') !== 'none' && (p?.topic_inbox ?? 1) === 1;
  return { inbox, mail: inbox && (p?.notify_email ?? 1) === 1 && (p?.topic_email ?? 1) === 1 };
}

/** The topic of each kind of inbox notification that has one (a contact is a buyer's first message). */
const KIND_TOPIC: Readonly<Record<string, NotificationTopic>> = {
  price_drop: 'priceDrop',
  saved_search: 'savedSearch',
  message: 'message',
  contact: 'message',
};

/** What the mail job selects, joined as `np`, to ask `mailStillWanted` when it sends. */
export const MAIL_COLUMNS = ['np.email as notify_email', 'np.price_drop_email', 'np.saved_search_email', 'np.message_email'] as const;

/** A notification's mail, when the job sends it: mail, and the mail of its topic, may have been turned off since. */
export function mailStillWanted(
  n: { kind: string; notify_email: number | null } & Partial<
    Record<'price_drop_email' | 'saved_search_email' | 'message_email', number | null>
  >,
): boolean {
  const topic = KIND_TOPIC[n.kind];
  return n.notify_email !== 0 && (topic === undefined || n[TOPIC_COLUMNS[topic].email] !== 0);
}
