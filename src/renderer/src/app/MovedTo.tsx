import { useEffect } from 'react';

/** A page that moved: its old address (a bookmark, a link in a note) replaces itself with the new one. */
export function MovedTo({ hash }: { hash: string }) {
  useEffect(() => window.location.replace(hash), [hash]);
  return null;
}
