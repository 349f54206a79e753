import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { escapeHtml, insertBefore, spliceHtml, textHash } from '../markup.cjs';

// The patterns String.replace reads in a replacement text, all in one row's text.
const dollars = "a $' b $` c $& d $$ e $1 f";

describe('putting text into HTML', () => {
  it('inserts the text exactly as it is, whatever `$` patterns it holds', () => {
    const page = '<html><head></head><body><main>x</main></body></html>';
    const data = `<script type="application/json">${JSON.stringify({ text: dollars })}</script>`;
    const spliced = insertBefore(page, '</body>', data);
    assert.equal(spliced, `<html><head></head><body><main>x</main>${data}</body></html>`);
    assert.equal(spliced.split('</html>').length, 2);
    const json = spliced.slice(spliced.indexOf('">') + 2, spliced.indexOf('</script>'));
    assert.equal(JSON.parse(json).text, dollars);
  });

  it('replaces the first match of a pattern, by a text or a function of its groups, taken literally', () => {
    assert.equal(
      spliceHtml('<title>old</title><title>2</title>', /<title>[^<]*<\/title>/, `<title>${dollars}</title>`),
      `<title>${dollars}</title><title>2</title>`,
    );
    assert.equal(
      spliceHtml('<meta content="old" />', /(<meta content=")[^"]*"/, (_, start) => `${start}${dollars}"`),
      `<meta content="${dollars}" />`,
    );
    assert.equal(spliceHtml('a.a.a', '.', '$&$&'), 'a$&$&a.a');
    assert.throws(() => insertBefore('<html></html>', '</head>', 'x'), /lacks <\/head>/);
  });

  it('escapes text for content and attributes, and hashes text the same way everywhere', () => {
    assert.equal(escapeHtml(`"<a href='x'>&</a>"`), '&quot;&lt;a href=&#39;x&#39;&gt;&amp;&lt;/a&gt;&quot;');
    assert.equal(textHash('{"a":1}'), textHash('{"a":1}'));
    assert.notEqual(textHash('{"a":1}'), textHash('{"a":2}'));
  });
});
