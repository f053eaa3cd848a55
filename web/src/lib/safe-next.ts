/** Only same-site dashboard paths may be a post-login target: no open redirect through `?next=`. */
export function safeNext(next: string | null | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  return next;
}
