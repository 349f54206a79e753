// The owner's illustrated portrait (drawn by scripts/generate-portrait.mjs), in the public content bucket with the
// site's other pictures: the owner can replace it in Storage, and its address is the same wherever the page is
// rendered (in the browser, or on the server). Its size is given to the <img> so the page reserves its space.
import { owner } from '@site/shared-ui/owner';
import { contentUrl } from '@site/shared-ui/rows';

export const portraitPath = owner.portraitPath;

export const portrait = {
  src: () => contentUrl(portraitPath),
  width: 600,
  height: 600,
} as const;
