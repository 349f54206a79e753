// The owner's illustrated portrait (drawn by scripts/generate-portrait.mjs). Its size is given to the <img> so the
// page reserves its space before it loads.
import portraitUrl from './assets/alex-morgan-portrait.webp';

export const portrait = {
  src: portraitUrl,
  width: 600,
  height: 600,
} as const;
