/**
 * Whether `text` has more than `max` characters as the contract counts them: code points, as the schemas'
 * `maxLength` does (Ajv), so an emoji is one character, not its two UTF-16 units. Stops counting at max + 1.
 */
export function longerThan(text: string, max: number): boolean {
  if (text.length <= max) return false; // never more code points than UTF-16 units
  let count = 0;
  for (const _ of text) if (++count > max) return true;
  return false;
}
