// Text that goes into a mail's headers or names a person in it: a subject, a display name. Whatever its origin (a
// visitor's form, a setting), it is made safe here: it cannot add a header, cannot hide or reorder what the reader sees
// (control, format and bidirectional characters: zero-width joiners, right-to-left overrides), and a display name
// cannot pose as an address or a second mailbox.

/** The longest header text we write (a subject, a name): longer is cut. */
export const MAX_HEADER_TEXT = 200;

/** Line and paragraph breaks and other control characters: each run becomes a space. */
const controlCharacters = /[\p{Cc}\p{Zl}\p{Zp}]+/gu;
/** Format characters (zero-width spaces and joiners, bidi embeddings, overrides and isolates, soft hyphens): removed. */
const formatCharacters = /\p{Cf}+/gu;

/** Whether the text holds a line break of any kind (a field that must be one line refuses it). */
export function hasLineBreak(text: string): boolean {
  return /[\r\n\u0085\u2028\u2029]/.test(text);
}

/**
 * Text that can stand in a header: no control or format characters, no encoded-word opener (`=?`, which a mail program
 * would decode into other text), single spaces, at most MAX_HEADER_TEXT characters.
 */
export function headerText(text: string): string {
  return text
    .replace(controlCharacters, ' ')
    .replace(formatCharacters, '')
    .replace(/=\?/g, '= ?')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_HEADER_TEXT);
}

/** A person's name as a mail shows it (Reply-To, From, a "From:" line): header-safe, and without `<>@"`. */
export function displayName(text: string): string {
  return headerText(text.replace(/[<>@"]+/g, ' '));
}
