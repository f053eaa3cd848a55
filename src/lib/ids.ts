import { v7 } from 'uuid';

/** A new UUIDv7: time-ordered, so id order is creation order and keyset cursors stay cheap. */
export function newId(): string {
  return v7();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a syntactically valid UUID string (any version). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
