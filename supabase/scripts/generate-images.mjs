// Generates the seed images in supabase/storage/content/: abstract gradient illustrations with a short label for
// projects, courses and ads, initials avatars for testimonials, and thumbnails for the seeded videos. Small WebP
// files, committed, so the site shows real images offline. Run again after changing the list below:
//   node supabase/scripts/generate-images.mjs
// Text is drawn with the system's fonts (DejaVu Sans / Liberation Sans on Debian), so output can differ slightly
// between machines; the committed files are the reference.
import escapeXml from 'escape-html';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const contentDir = path.resolve(import.meta.dirname, '../storage/content');

const palettes = [
  ['#0f2027', '#2c5364', '#28a7e9'],
  ['#1d2671', '#c33764', '#f8b195'],
  ['#134e5e', '#71b280', '#e8f5c8'],
  ['#232526', '#414345', '#f7971e'],
  ['#360033', '#0b8793', '#9be15d'],
  ['#42275a', '#734b6d', '#ffd194'],
  ['#0b486b', '#f56217', '#ffe29f'],
  ['#1f4037', '#99f2c8', '#ffffff'],
  ['#3a1c71', '#d76d77', '#ffaf7b'],
  ['#16222a', '#3a6073', '#5ee7df'],
];

const projects = [
  ['harbour-freight-tracker', 'Harbour Freight Tracker', 'ANGULAR · NEST.JS · WEBSOCKETS'],
  ['taskboard-kanban', 'Taskboard Kanban', 'ANGULAR · NGRX'],
  ['casa-do-pastel', 'Casa do Pastel', 'STATAMIC · HTML · CSS'],
  ['meetly-event-scheduler', 'Meetly Scheduler', 'ANGULAR · NEST.JS'],
  ['coinledger', 'CoinLedger', 'NEST.JS · WEBSOCKETS'],
  ['helpdesk-chatbot', 'Helpdesk Chatbot', 'NEST.JS · NODE.JS'],
  ['adpulse', 'AdPulse', 'ANGULAR · WEBSOCKETS'],
  ['postboard-blog', 'Postboard Blog', 'ANGULAR · BOOTSTRAP'],
  ['ericeira-surf-school', 'Ericeira Surf School', 'STATAMIC · BOOTSTRAP'],
  ['lumen-photography', 'Lumen Photography', 'HTML · CSS · BOOTSTRAP'],
];

const courses = [
  ['angular-zero-to-real-apps', 'Angular: Zero to Real Apps', 'UDEMY'],
  ['rest-apis-node-express', 'REST APIs with Express', 'UDEMY'],
  ['nestjs-clean-backends', 'NestJS Clean Back-ends', 'UDEMY'],
  ['typescript-for-js-developers', 'TypeScript for JS Devs', 'UDEMY'],
  ['html-css-foundations', 'HTML & CSS Foundations', 'SKILLSHARE'],
  ['bootstrap-5-responsive-sites', 'Bootstrap 5 Sites', 'SKILLSHARE'],
  ['javascript-essentials', 'JavaScript Essentials', 'SKILLSHARE'],
  ['git-and-github', 'Git & GitHub', 'SKILLSHARE'],
];

const avatars = [
  ['sofia-ribeiro', 'SR'],
  ['daniel-okafor', 'DO'],
  ['lucas-fernandes', 'LF'],
  ['tom-becker', 'TB'],
];

const ads = [
  ['angular-course', 'Angular', '%'],
  ['nestjs-course', 'NestJS', '%'],
  ['hire-me', 'Hire me', '</>'],
];

const videos = [
  ['exEHxCV3--d', 'Angular Signals in 20 Minutes'],
  ['umzh8krRyv3', 'REST API with NestJS and MongoDB'],
  ['cjc-bzhHM5s', 'CSS Grid Crash Course'],
  ['6XXmyhXQ2b5', 'Real-time Chat with WebSockets'],
  ['Krp0R6uv1Cz', 'Deploy Angular to Production'],
  ['b3URj1MkPwX', 'Promises and async/await'],
  ['_ka7eVzTXR9', 'Bootstrap 5 Landing Page'],
  ['pKO2jJckLPx', 'TypeScript Generics'],
  ['fb7bsV0Hd9o', 'Express Middleware Deep Dive'],
  ['I22jC8fqf6C', 'RxJS Operators You Will Use'],
  ['a1ezExRDDmG', 'Statamic: First Site'],
  ['G1MHZlApi89', 'Git Branching for Teams'],
  ['aAY6sA7xxHv', 'Angular Reactive Forms'],
  ['6l9UF9d8dxA', 'MongoDB Schema Design'],
  ['_raNFbMkoo5', 'Testing APIs with Postman'],
  ['kmozpi_OvPB', 'Responsive Navbar, CSS Only'],
  ['r2cdJLT1bc5', 'NgRx Store Step by Step'],
  ['gCO7FCOPOfs', 'Node.js Auth with JWT'],
  ['HYao9h5SlWZ', 'Freelancing: My First Year'],
  ['CzJs6DdB1QR', 'Flexbox in 15 Minutes'],
  ['wmyjC-FWfP6', 'Deploy Node.js to Heroku'],
  ['4ojXa_6eGqA', 'Angular Routing & Lazy Loading'],
  ['ismkSVRbSd3', 'Firebase Hosting & Firestore'],
  ['7gl4jAYtzWK', 'HTML Semantics'],
];

/** A small deterministic pseudo-random sequence per image, so every run draws the same shapes. */
function randomFor(seed) {
  let state =
    [...seed].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16777619), 2166136261) >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Splits a title into lines of at most `width` characters. */
function wrap(text, width) {
  const lines = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && (last + ' ' + word).length <= width)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

function shapes(random, width, height, accent, count) {
  let out = '';
  for (let i = 0; i < count; i += 1) {
    const x = Math.round(random() * width);
    const y = Math.round(random() * height);
    const size = Math.round((0.15 + random() * 0.35) * Math.min(width, height));
    const opacity = (0.08 + random() * 0.18).toFixed(2);
    if (i % 3 === 2) {
      out += `<rect x="${x - size / 2}" y="${y - size / 2}" width="${size}" height="${size}" rx="${size / 6}" fill="${accent}" fill-opacity="${opacity}" transform="rotate(${Math.round(random() * 90)} ${x} ${y})"/>`;
    } else {
      out += `<circle cx="${x}" cy="${y}" r="${size / 2}" fill="${accent}" fill-opacity="${opacity}"/>`;
    }
  }
  return out;
}

function background(id, palette, width, height) {
  const [from, to] = palette;
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#${id})"/>`;
}

const font = `font-family="DejaVu Sans, Liberation Sans, sans-serif"`;

function cardSvg(slug, title, tag, index) {
  const [width, height] = [480, 300];
  const palette = palettes[index % palettes.length];
  const random = randomFor(slug);
  const lines = wrap(title, 20);
  const top = height / 2 - (lines.length - 1) * 19;
  const text = lines
    .map(
      (line, i) =>
        `<text x="40" y="${top + i * 38}" ${font} font-size="32" font-weight="700" fill="#fff">${escapeXml(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${background('g', palette, width, height)}${shapes(random, width, height, palette[2], 7)}<rect x="40" y="${top - 62}" width="56" height="6" rx="3" fill="${palette[2]}"/>${text}<text x="40" y="${height - 36}" ${font} font-size="14" font-weight="700" letter-spacing="2" fill="#fff" fill-opacity="0.85">${escapeXml(tag)}</text></svg>`;
}

function avatarSvg(slug, initials, index) {
  const size = 96;
  const palette = palettes[(index * 3 + 1) % palettes.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">${background('g', palette, size, size)}${shapes(randomFor(slug), size, size, palette[2], 3)}<text x="48" y="61" text-anchor="middle" ${font} font-size="36" font-weight="700" fill="#fff">${escapeXml(initials)}</text></svg>`;
}

function adSvg(slug, label, symbol, index) {
  const [width, height] = [160, 100];
  const palette = palettes[(index + 6) % palettes.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${background('g', palette, width, height)}${shapes(randomFor(slug), width, height, palette[2], 4)}<text x="80" y="52" text-anchor="middle" ${font} font-size="30" font-weight="700" fill="#fff">${escapeXml(symbol)}</text><text x="80" y="80" text-anchor="middle" ${font} font-size="15" font-weight="700" fill="#fff">${escapeXml(label)}</text></svg>`;
}

function thumbnailSvg(videoId, title, index) {
  const [width, height] = [320, 180];
  const palette = palettes[(index * 7) % palettes.length];
  const lines = wrap(title, 18).slice(0, 3);
  const top = 70 - (lines.length - 1) * 12;
  const text = lines
    .map(
      (line, i) =>
        `<text x="22" y="${top + i * 26}" ${font} font-size="22" font-weight="700" fill="#fff">${escapeXml(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${background('g', palette, width, height)}${shapes(randomFor(videoId), width, height, palette[2], 5)}${text}<circle cx="272" cy="132" r="26" fill="#fff" fill-opacity="0.9"/><path d="M264 119 L287 132 L264 145 Z" fill="${palette[0]}"/><text x="22" y="160" ${font} font-size="11" font-weight="700" letter-spacing="1.5" fill="#fff" fill-opacity="0.8">ALEX MORGAN CODES</text></svg>`;
}

async function write(kind, name, svg, quality) {
  const dir = path.join(contentDir, kind);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.webp`);
  const webp = await sharp(Buffer.from(svg)).webp({ quality, effort: 6, smartSubsample: true }).toBuffer();
  writeFileSync(file, webp);
  return webp.length;
}

const sizes = [];
for (const [i, [slug, title, tag]] of projects.entries())
  sizes.push(['projects', slug, await write('projects', slug, cardSvg(slug, title, tag, i), 70)]);
for (const [i, [slug, title, platform]] of courses.entries())
  sizes.push(['courses', slug, await write('courses', slug, cardSvg(slug, title, platform, i + 3), 70)]);
for (const [i, [slug, initials]] of avatars.entries())
  sizes.push(['testimonials', slug, await write('testimonials', slug, avatarSvg(slug, initials, i), 75)]);
for (const [i, [slug, label, symbol]] of ads.entries())
  sizes.push(['ads', slug, await write('ads', slug, adSvg(slug, label, symbol, i), 75)]);
for (const [i, [videoId, title]] of videos.entries())
  sizes.push(['videos', videoId, await write('videos', videoId, thumbnailSvg(videoId, title, i), 70)]);

const total = sizes.reduce((sum, [, , bytes]) => sum + bytes, 0);
const largest = sizes.reduce((max, entry) => (entry[2] > max[2] ? entry : max));
console.log(
  `${sizes.length} images, ${(total / 1024).toFixed(1)} KiB in all; largest ${largest[0]}/${largest[1]}.webp ${(largest[2] / 1024).toFixed(1)} KiB`,
);
