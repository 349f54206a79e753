import {
  ogImageFor,
  ogImageMetaTags,
  ogImageName,
  ogImageSvg,
  wrapText,
  type OgTheme,
} from '../openGraph.ts';

const theme: OgTheme = {
  dark: '#0e1a27',
  darkAlt: '#16283a',
  brand: '#28a7e9',
  onDark: '#ffffff',
  onDarkMuted: '#c5d1dc',
  fontFamily: "system-ui, 'Segoe UI', sans-serif",
};
const site = {
  siteName: 'Alex Morgan',
  jobTitle: 'Web Developer',
  siteUrl: 'https://alexmorgan.dev',
  mark: '<rect/>',
};

describe('ogImageName', () => {
  it('is home for /, and the path joined by dashes otherwise', () => {
    expect(ogImageName('/')).toBe('home.png');
    expect(ogImageName('/portfolio')).toBe('portfolio.png');
    expect(ogImageName('/help/privacy-policy')).toBe('help-privacy-policy.png');
  });
});

describe('ogImageFor and its tags', () => {
  const image = ogImageFor(
    { path: '/courses', heading: 'Courses', summary: 'In-depth "courses" & more.' },
    'https://alexmorgan.dev',
  );

  it('is a 1200 × 630 PNG at an absolute address, described by the page’s banner', () => {
    expect(image).toEqual({
      url: 'https://alexmorgan.dev/assets/og/courses.png',
      width: 1200,
      height: 630,
      type: 'image/png',
      alt: 'Courses. In-depth "courses" & more.',
    });
  });

  it('gives Open Graph and Twitter tags with escaped values', () => {
    const tags = ogImageMetaTags(image);
    expect(tags).toContain(
      '<meta property="og:image" content="https://alexmorgan.dev/assets/og/courses.png" />',
    );
    expect(tags).toContain('<meta property="og:image:width" content="1200" />');
    expect(tags).toContain('<meta property="og:image:height" content="630" />');
    expect(tags).toContain(
      '<meta property="og:image:alt" content="Courses. In-depth &quot;courses&quot; &amp; more." />',
    );
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image" />');
  });
});

describe('wrapText', () => {
  it('breaks at spaces within the width', () => {
    expect(wrapText('one two three four', 9, 5)).toEqual(['one two', 'three', 'four']);
  });

  it('gives a longer word a line of its own', () => {
    expect(wrapText('a extraordinarily b', 5, 5)).toEqual(['a', 'extraordinarily', 'b']);
  });

  it('ends the last allowed line with an ellipsis when text is left out', () => {
    expect(wrapText('one two, three four five', 8, 2)).toEqual(['one two,', 'three…']);
  });
});

describe('ogImageSvg', () => {
  const svg = ogImageSvg({ heading: 'Tutorials & <more>', summary: 'Free video tutorials.' }, site, theme);

  it('is 1200 × 630, in the site’s colours and font', () => {
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="1200" height="630"/);
    expect(svg).toContain(`fill="${theme.dark}"`);
    expect(svg).toContain(`fill="${theme.brand}"`);
    expect(svg).toContain('font-family="system-ui, &#39;Segoe UI&#39;, sans-serif"');
  });

  it('shows the site, the page’s heading and summary, and the address, escaped', () => {
    expect(svg).toContain('>Alex Morgan</text>');
    expect(svg).toContain('>Tutorials &amp; &lt;more&gt;</text>');
    expect(svg).toContain('>Free video tutorials.</text>');
    expect(svg).toContain('>alexmorgan.dev</text>');
    expect(svg).toContain('<rect/>');
  });

  it('is an SVG document a parser reads, whatever an issue’s subject holds', () => {
    // The archive's issues draw their pictures from the owner's subject: any character, markup or control ones too.
    const subject = 'News ]]></text><text>forged\u0008';
    const document = new DOMParser().parseFromString(
      ogImageSvg({ heading: subject, summary: 'A summary' }, site, theme),
      'image/svg+xml',
    );
    expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
    const texts = [...document.getElementsByTagName('text')].map((text) => text.textContent);
    // The heading's lines (wrapped at a space), and nothing else: no element of the subject's own.
    expect(texts).toEqual([
      'Alex Morgan',
      'Web Developer',
      'News',
      ']]></text><text>forged',
      'A summary',
      'alexmorgan.dev',
    ]);
  });
});
