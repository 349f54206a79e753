// Text and attribute values for XML and HTML: the five characters that could end or change markup, escaped
// (`escape-html`, as everywhere the site puts text into markup; its `&#39;` is valid XML as well as HTML).
import escapeHtml from 'escape-html';

export function escapeXml(text: string): string {
  return escapeHtml(text);
}
