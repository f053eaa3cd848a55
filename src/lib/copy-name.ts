/** The name of a duplicate: "<name> (copy)", the name cut so the whole stays within `max` characters. */
export function copyName(name: string, max: number): string {
  const suffix = ' (copy)';
  // Cut by code points, as the schemas count them, so no surrogate pair is split.
  return [...name].slice(0, max - suffix.length).join('') + suffix;
}
