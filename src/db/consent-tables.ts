/** Table shapes of topics, topic choices, pending confirmations and erased addresses (migration 0024), listed in `Database`. */
import type { Bool, Json, Timestamp } from './column-types.ts';

export interface TopicsTable {
  id: string;
  projectId: string;
  name: string;
  description: string | null;
  defaultSubscribed: Bool;
  public: Bool;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A contact's own choice for one topic; without a row the topic's default applies. */
export interface ContactTopicsTable {
  contactId: string;
  topicId: string;
  projectId: string;
  subscribed: Bool;
  updatedAt: Timestamp;
}

/** A double opt-in sign-up waiting for its link to be followed. */
export interface PendingConfirmationsTable {
  id: string;
  projectId: string;
  contactId: string;
  /** The address the confirmation was sent to (normalised). */
  email: string;
  /** JSON array of the topic ids the sign-up asked for. */
  topics: Json;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  confirmedAt: Timestamp | null;
}

/** An erased contact's address, by the hex SHA-256 of its normalised form. */
export interface ErasedAddressesTable {
  projectId: string;
  emailHash: string;
  erasedAt: Timestamp;
  /** The ERASED rule's id in the suppression list (migration 0031). */
  id: string;
}

export interface ConsentTables {
  topics: TopicsTable;
  contactTopics: ContactTopicsTable;
  pendingConfirmations: PendingConfirmationsTable;
  erasedAddresses: ErasedAddressesTable;
}
