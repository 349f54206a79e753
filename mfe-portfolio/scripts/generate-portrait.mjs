// Draws the owner's illustrated portrait for the About page and writes it as a small WebP.
// Run from the repository root after changing the drawing:  node mfe-portfolio/scripts/generate-portrait.mjs
// The output is committed to the content bucket (supabase/storage/content/owner/), where the owner can replace it; its
// size must match the portrait's in src/features/about/portrait.ts.
import path from 'node:path';
import sharp from 'sharp';

/** Twice the largest size the page shows it at (300 CSS px), for sharp images on high-density screens. */
const size = 600;
const output = path.join(
  import.meta.dirname,
  '../../supabase/storage/content/owner/alex-morgan-portrait.webp',
);

const colors = {
  backdropTop: '#e6f5fd',
  backdropBottom: '#9fd6f3',
  skin: '#e9b48f',
  skinShade: '#d49a74',
  hair: '#3a2a22',
  hairLight: '#56402f',
  sweater: '#16283a',
  sweaterLight: '#22384f',
  shirt: '#ffffff',
  ink: '#17212b',
  lens: '#ffffff',
  cheek: '#e59a86',
};

const svg = `
<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 600 600">
  <defs>
    <linearGradient id="backdrop" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${colors.backdropTop}"/>
      <stop offset="1" stop-color="${colors.backdropBottom}"/>
    </linearGradient>
  </defs>
  <g>
    <rect width="600" height="600" fill="url(#backdrop)"/>
    <circle cx="470" cy="130" r="70" fill="#ffffff" opacity="0.45"/>
    <circle cx="110" cy="200" r="34" fill="#ffffff" opacity="0.35"/>
    <path d="M60 600c6-92 64-150 160-170l80-12 80 12c96 20 154 78 160 170z" fill="${colors.sweater}"/>
    <path d="M150 600c10-60 40-100 90-122l-8 122z" fill="${colors.sweaterLight}"/>
    <path d="M450 600c-10-60-40-100-90-122l8 122z" fill="${colors.sweaterLight}"/>
    <rect x="262" y="368" width="76" height="86" rx="30" fill="${colors.skinShade}"/>
    <path d="M246 430l54 58 54-58 18 16-72 70-72-70z" fill="${colors.shirt}"/>
    <path d="M262 440l38 40 38-40v-20l-38 34-38-34z" fill="${colors.skinShade}"/>
    <ellipse cx="196" cy="290" rx="22" ry="32" fill="${colors.skinShade}"/>
    <ellipse cx="404" cy="290" rx="22" ry="32" fill="${colors.skinShade}"/>
    <path d="M300 148c70 0 108 50 108 128 0 86-48 140-108 140s-108-54-108-140c0-78 38-128 108-128z" fill="${colors.skin}"/>
    <path d="M196 258c-8-80 38-138 112-140 66-2 110 36 104 118-12-30-34-50-62-60-40 16-98 22-154 82z" fill="${colors.hair}"/>
    <path d="M250 150c40-20 98-18 132 14-36-6-78 2-118 22z" fill="${colors.hairLight}"/>
    <path d="M236 240c14-10 34-12 52-6" stroke="${colors.hair}" stroke-width="9" stroke-linecap="round" fill="none"/>
    <path d="M312 234c18-6 38-4 52 6" stroke="${colors.hair}" stroke-width="9" stroke-linecap="round" fill="none"/>
    <g fill="${colors.lens}" fill-opacity="0.28" stroke="${colors.ink}" stroke-width="7">
      <rect x="222" y="252" width="68" height="54" rx="22"/>
      <rect x="310" y="252" width="68" height="54" rx="22"/>
    </g>
    <path d="M290 272c6-5 14-5 20 0" stroke="${colors.ink}" stroke-width="7" fill="none"/>
    <path d="M222 270l-24-6M378 270l24-6" stroke="${colors.ink}" stroke-width="7" stroke-linecap="round"/>
    <circle cx="257" cy="280" r="8" fill="${colors.ink}"/>
    <circle cx="343" cy="280" r="8" fill="${colors.ink}"/>
    <circle cx="260" cy="277" r="2.5" fill="#ffffff"/>
    <circle cx="346" cy="277" r="2.5" fill="#ffffff"/>
    <path d="M300 296c-4 16-10 30-4 36 4 4 12 4 16 2" stroke="${colors.skinShade}" stroke-width="6" stroke-linecap="round" fill="none"/>
    <ellipse cx="240" cy="332" rx="18" ry="10" fill="${colors.cheek}" opacity="0.35"/>
    <ellipse cx="360" cy="332" rx="18" ry="10" fill="${colors.cheek}" opacity="0.35"/>
    <path d="M262 354c22 22 54 22 76 0" stroke="${colors.ink}" stroke-width="7" stroke-linecap="round" fill="none"/>
  </g>
</svg>`;

const info = await sharp(Buffer.from(svg))
  .webp({ quality: 82, effort: 6, smartSubsample: true })
  .toFile(output);

console.log(
  `Wrote ${path.relative(process.cwd(), output)}: ${info.width}x${info.height}, ${info.size} bytes`,
);
