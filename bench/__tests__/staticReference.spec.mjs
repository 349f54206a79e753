import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { stripScripts, stripScriptHints } from '../staticReference.mjs';

describe('stripScripts', () => {
  it('takes out every script that runs and every script preload, and keeps data blocks', () => {
    const html =
      '<head><script defer src="/main.js"></script><link rel="modulepreload" href="/a.js"><link href="/b.js" rel="preload" as="script">' +
      '<link rel="stylesheet" href="/main.css"><script src="/boot.js" defer></script></head>' +
      '<body><script type="application/ld+json">{"a":1}</script>' +
      '<script type="application/json" id="page-data">{"b":2}</script><script>inline()</script></body>';
    assert.equal(
      stripScripts(html),
      '<head><link rel="stylesheet" href="/main.css"></head>' +
        '<body><script type="application/ld+json">{"a":1}</script>' +
        '<script type="application/json" id="page-data">{"b":2}</script></body>',
    );
  });
});

describe('stripScriptHints', () => {
  it('keeps preconnects, stylesheet and image hints, and drops script, module and fetch hints', () => {
    assert.equal(
      stripScriptHints(
        '<http://127.0.0.1:54321>; rel=preconnect, </remotes.json>; rel=preload; as=fetch; crossorigin, ' +
          '</a.css>; rel=preload; as=style, </e.js>; rel=preload; as=script, </m.js>; rel=modulepreload, ' +
          '</hero.webp>; rel=preload; as=image',
      ),
      '<http://127.0.0.1:54321>; rel=preconnect, </a.css>; rel=preload; as=style, </hero.webp>; rel=preload; as=image',
    );
    assert.equal(stripScriptHints('</e.js>; rel=preload; as=script'), undefined);
  });
});
