// Writes the owner's one-page résumé, shell/public/assets/alex-morgan-resume.pdf (served at owner.resumeUrl).
// Run from the repository root after changing the owner's data or the text below:
//   node shell/scripts/generate-resume-pdf.mjs
// No PDF library: the file is a plain PDF 1.4 with the two standard fonts every reader has (Helvetica, regular and
// bold), uncompressed, so its text stays searchable and copyable. The owner's identity is read from
// shared-ui/src/config/owner.ts (through the TypeScript compiler the workspace already has), never copied here.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const output = path.join(repoRoot, 'shell/public/assets/alex-morgan-resume.pdf');

async function loadOwner() {
  const source = readFileSync(path.join(repoRoot, 'shared-ui/src/config/owner.ts'), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  const module = await import(`data:text/javascript;base64,${Buffer.from(outputText).toString('base64')}`);
  return module.owner;
}

// ---------------------------------------------------------------------------------------------------------------
// The résumé's text.

function resumeContent(owner) {
  const site = owner.siteUrl.replace(/^https?:\/\//, '');
  const profile = (network) => owner.socialProfiles.find((entry) => entry.network === network).url;
  return {
    name: owner.name,
    title: owner.jobTitle,
    contact: [
      { text: owner.email, url: `mailto:${owner.email}` },
      { text: site, url: owner.siteUrl },
      { text: `${owner.city}, ${owner.country}` },
    ],
    summary:
      'Full-stack web developer specialising in the MEAN stack (MongoDB, Express.js, Angular, Node.js), with more ' +
      'than 6 years of experience building fast, accessible and dependable web applications for start-ups, ' +
      'agencies and small businesses. I also teach web development through video tutorials and online courses.',
    experience: [
      {
        title: 'Front-End Development',
        text:
          'More than 100 websites built and shipped, from marketing pages to large single-page applications, ' +
          'with HTML, CSS, Bootstrap, JavaScript, Angular, RxJS and NGRX. Responsive, pixel-perfect layouts ' +
          'from Figma, XD and PSD designs.',
      },
      {
        title: 'Back-End Development',
        text:
          'REST and real-time APIs with Node.js, Express.js and Nest.js: authentication, data models, ' +
          'background jobs and tests that keep them reliable as they grow.',
      },
      {
        title: 'Full-Stack Development',
        text:
          'Complete applications from the database to the interface, including todo and post apps, a chatbot ' +
          'for a messaging platform, a crypto transaction system, a logistics tracker, an event scheduler and ' +
          'an ad-tracking system.',
      },
      {
        title: 'Teaching',
        text:
          `Free video tutorials on the ${owner.channel.name} YouTube channel, and in-depth courses on Udemy ` +
          'and Skillshare, from a first web page to production back-ends.',
      },
    ],
    skills: [
      {
        label: 'Front-end',
        text: 'HTML, CSS, SASS, Bootstrap, JavaScript, jQuery, Angular, RxJS, NGRX, Ionic',
      },
      { label: 'Back-end', text: 'Node.js, Express.js, Nest.js, MongoDB, REST, WebSockets' },
      { label: 'Platforms', text: 'Statamic, Shopify' },
      { label: 'Practice', text: 'Git, PSD to HTML, quality assurance testing, code review, accessibility' },
    ],
    links: [
      { label: 'GitHub', url: profile('github') },
      { label: 'LinkedIn', url: profile('linkedin') },
      { label: 'YouTube', url: owner.channel.url },
    ],
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Fonts: the standard Helvetica metrics (Adobe AFM), character widths in 1/1000 em for codes 32-126.

const helveticaWidths = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
  556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278,
  500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469,
  556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500,
  278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
const helveticaBoldWidths = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
  556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278,
  556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584,
  556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556,
  333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
];

const fonts = {
  regular: { resource: 'F1', baseFont: 'Helvetica', widths: helveticaWidths },
  bold: { resource: 'F2', baseFont: 'Helvetica-Bold', widths: helveticaBoldWidths },
};

/** Characters outside ASCII that the résumé uses, with their WinAnsiEncoding code and width. */
const extraCharacters = {
  '·': { code: 0xb7, width: 278 },
  '–': { code: 0x96, width: 556 },
  '•': { code: 0x95, width: 350 },
  é: { code: 0xe9, width: 556 },
};

function charWidth(font, char) {
  const code = char.charCodeAt(0);
  if (code >= 32 && code <= 126) return font.widths[code - 32];
  const extra = extraCharacters[char];
  if (!extra) throw new Error(`The résumé uses a character its fonts cannot show: ${JSON.stringify(char)}`);
  return extra.width;
}

function textWidth(text, font, size) {
  return ([...text].reduce((sum, char) => sum + charWidth(font, char), 0) * size) / 1000;
}

/** A PDF string literal in WinAnsiEncoding, as Latin-1 characters (one byte each). */
function pdfString(text) {
  const bytes = [...text]
    .map((char) => {
      const code = char.charCodeAt(0);
      const byte = code < 128 ? char : String.fromCharCode(extraCharacters[char].code);
      return byte === '(' || byte === ')' || byte === '\\' ? `\\${byte}` : byte;
    })
    .join('');
  return `(${bytes})`;
}

function wrap(text, font, size, maxWidth) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(candidate, font, size) > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

// ---------------------------------------------------------------------------------------------------------------
// Drawing on one A4 page (points; the origin is the bottom-left corner).

const page = { width: 595.28, height: 841.89, margin: 56 };
const palette = {
  dark: [0.055, 0.102, 0.153],
  onDark: [1, 1, 1],
  onDarkMuted: [0.773, 0.82, 0.863],
  brandStrong: [0.039, 0.388, 0.569],
  brand: [0.157, 0.655, 0.914],
  text: [0.09, 0.129, 0.169],
  muted: [0.278, 0.322, 0.369],
  rule: [0.827, 0.863, 0.894],
};

function rgb(color) {
  return color.map((value) => value.toFixed(3)).join(' ');
}

function createCanvas() {
  const ops = [];
  const links = [];
  return {
    ops,
    links,
    rect(x, y, width, height, color) {
      ops.push(
        `${rgb(color)} rg ${x.toFixed(2)} ${y.toFixed(2)} ${width.toFixed(2)} ${height.toFixed(2)} re f`,
      );
    },
    text(x, y, text, font, size, color) {
      ops.push(
        `BT /${font.resource} ${size} Tf ${rgb(color)} rg ${x.toFixed(2)} ${y.toFixed(2)} Td ${pdfString(text)} Tj ET`,
      );
      return textWidth(text, font, size);
    },
    link(x, y, width, height, url) {
      links.push({ rect: [x, y - 2, x + width, y + height], url });
    },
  };
}

function drawResume(content) {
  const canvas = createCanvas();
  const left = page.margin;
  const contentWidth = page.width - 2 * page.margin;

  // Header band.
  const bandHeight = 132;
  canvas.rect(0, page.height - bandHeight, page.width, bandHeight, palette.dark);
  canvas.rect(0, page.height - bandHeight, page.width, 4, palette.brand);
  let y = page.height - 58;
  canvas.text(left, y, content.name, fonts.bold, 28, palette.onDark);
  y -= 24;
  canvas.text(left, y, content.title, fonts.regular, 14, palette.onDarkMuted);
  y -= 24;
  let x = left;
  content.contact.forEach((item, index) => {
    if (index > 0) x += canvas.text(x, y, '  ·  ', fonts.regular, 10, palette.onDarkMuted);
    const width = canvas.text(x, y, item.text, fonts.regular, 10, palette.onDark);
    if (item.url) canvas.link(x, y, width, 10, item.url);
    x += width;
  });

  y = page.height - bandHeight - 40;
  const heading = (title) => {
    canvas.text(left, y, title.toUpperCase(), fonts.bold, 12, palette.brandStrong);
    y -= 8;
    canvas.rect(left, y, contentWidth, 0.8, palette.rule);
    y -= 18;
  };
  const paragraph = (text, font, size, color, indent = 0, lineHeight = size * 1.45) => {
    for (const line of wrap(text, font, size, contentWidth - indent)) {
      canvas.text(left + indent, y, line, font, size, color);
      y -= lineHeight;
    }
  };

  heading('Summary');
  paragraph(content.summary, fonts.regular, 11.5, palette.text);
  y -= 18;

  heading('Experience');
  for (const entry of content.experience) {
    canvas.text(left, y, entry.title, fonts.bold, 12, palette.text);
    y -= 17;
    paragraph(entry.text, fonts.regular, 11, palette.muted);
    y -= 10;
  }
  y -= 8;

  heading('Skills');
  for (const group of content.skills) {
    const label = `${group.label}:`;
    canvas.text(left, y, label, fonts.bold, 11, palette.text);
    const indent = 76;
    paragraph(group.text, fonts.regular, 11, palette.muted, indent);
    y -= 5;
  }
  y -= 12;

  heading('Online');
  for (const item of content.links) {
    canvas.text(left, y, item.label, fonts.bold, 11, palette.text);
    const width = canvas.text(left + 76, y, item.url, fonts.regular, 11, palette.brandStrong);
    canvas.link(left + 76, y, width, 11, item.url);
    y -= 17;
  }

  if (y < page.margin) throw new Error('The résumé no longer fits on one page: shorten the text.');
  return canvas;
}

// ---------------------------------------------------------------------------------------------------------------
// The file: numbered objects, a cross-reference table with each object's byte offset, a trailer.

function buildPdf(content, canvas) {
  const stream = canvas.ops.join('\n');
  const objects = [];
  // push gives the new length: the number of the object just added.
  const add = (body) => objects.push(body);

  const catalog = add(null);
  const pages = add(null);
  const pageObject = add(null);
  const regular = add(
    `<< /Type /Font /Subtype /Type1 /BaseFont /${fonts.regular.baseFont} /Encoding /WinAnsiEncoding >>`,
  );
  const bold = add(
    `<< /Type /Font /Subtype /Type1 /BaseFont /${fonts.bold.baseFont} /Encoding /WinAnsiEncoding >>`,
  );
  const contents = add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
  const info = add(
    `<< /Title ${pdfString(`Résumé of ${content.name}`)} /Author ${pdfString(content.name)} ` +
      `/Subject ${pdfString(content.title)} /Creator (shell/scripts/generate-resume-pdf.mjs) >>`,
  );
  const annotations = canvas.links.map((link) =>
    add(
      `<< /Type /Annot /Subtype /Link /Rect [${link.rect.map((n) => n.toFixed(2)).join(' ')}] /Border [0 0 0] ` +
        `/A << /S /URI /URI ${pdfString(link.url)} >> >>`,
    ),
  );

  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pages} 0 R /Lang (en) >>`;
  objects[pages - 1] = `<< /Type /Pages /Kids [${pageObject} 0 R] /Count 1 >>`;
  objects[pageObject - 1] =
    `<< /Type /Page /Parent ${pages} 0 R /MediaBox [0 0 ${page.width} ${page.height}] ` +
    `/Resources << /Font << /${fonts.regular.resource} ${regular} 0 R /${fonts.bold.resource} ${bold} 0 R >> >> ` +
    `/Contents ${contents} 0 R /Annots [${annotations.map((id) => `${id} 0 R`).join(' ')}] >>`;

  // The second line's bytes above 127 tell transfer tools the file is binary.
  let pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets = objects.map((body, index) => {
    const offset = pdf.length;
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

const content = resumeContent(await loadOwner());
const pdf = buildPdf(content, drawResume(content));
writeFileSync(output, pdf);
console.log(`Wrote ${path.relative(process.cwd(), output)}: ${pdf.length} bytes`);
