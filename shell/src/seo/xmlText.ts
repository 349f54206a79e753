// Text and attribute values for XML and HTML, the one way every document the site writes (the feeds, the sitemap, the
// share pictures' SVG, the head's tags) puts a value into markup: the characters XML 1.0 does not allow in a document
// at all (control characters, lone surrogates, U+FFFE and U+FFFF) are dropped, since one of them would make the whole
// document unreadable to a parser, then the five characters that could end or change markup are escaped
// (`escape-html`, as everywhere the site puts text into markup; its `&#39;` is valid XML as well as HTML). Nothing
// else is needed: escaped text can never close an element or open one, whatever it holds (`]]>` included).
import escapeHtml from 'escape-html';

/** What XML 1.0 allows in a document (its production `Char`), and a character it does not. */
const notXmlChar = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** The text without the characters no XML document may hold. */
export function xmlCharacters(text: string): string {
  return text.replace(notXmlChar, '');
}

export function escapeXml(text: string): string {
  return escapeHtml(xmlCharacters(text));
}
