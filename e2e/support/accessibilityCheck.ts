// axe's findings on a page, contrast on gradients included. axe cannot tell the contrast of text drawn on a
// `background-image` gradient (the banner's heading on every page, the newsletter band): it files those under
// `incomplete`, not `violations`. Here each such text is checked against every colour stop of its gradient, the worst
// one deciding, at the ratio axe asked for (4.5:1, or 3:1 for large text). A text that another element covers in part
// (the fixed navbar, the ad toast) is left undecided by axe too, and rightly: the visitor reads what covers it, which is
// checked itself. Any other contrast axe could not decide is a finding, so nothing passes unseen.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** axe's reasons for a contrast it could not decide because another element lies over the text. */
const coveredByAnotherElement = new Set(['elmPartiallyObscured', 'elmPartiallyObscuring', 'bgOverlap']);

interface ContrastData {
  messageKey?: string;
  expectedContrastRatio?: string;
}

/** What a page's gradient does to one text: its worst contrast over the gradient's colour stops. */
interface GradientContrast {
  target: string;
  ratio: number | null;
  why?: string;
}

/**
 * In the page: for each selector, the text's colour against each colour its nearest gradient can paint behind it (each
 * stop of each layer over each colour of the layers below, the lowest on the first opaque background under it), and
 * the lowest ratio.
 */
function worstGradientContrast(targets: string[]): GradientContrast[] {
  type Rgba = [number, number, number, number];
  const parse = (text: string): Rgba[] =>
    Array.from(text.matchAll(/rgba?\(([^)]+)\)/g), (match) => {
      const [r, g, b, a = '1'] = match[1]!.split(/[\s,/]+/).filter(Boolean);
      return [Number(r), Number(g), Number(b), Number(a)];
    });
  const over = (top: Rgba, below: Rgba): Rgba => {
    const alpha = top[3];
    return [0, 1, 2].map((i) => top[i]! * alpha + below[i]! * (1 - alpha)).concat(1) as Rgba;
  };
  const luminance = ([r, g, b]: Rgba) => {
    const linear = (value: number) => {
      const channel = value / 255;
      return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  };
  const contrast = (one: Rgba, other: Rgba) => {
    const [light, dark] = [luminance(one), luminance(other)].sort((a, b) => b - a);
    return (light! + 0.05) / (dark! + 0.05);
  };
  return targets.map((target) => {
    const element = document.querySelector(target);
    if (!element) return { target, ratio: null, why: 'not found' };
    let layer: Element | null = element;
    while (layer && !getComputedStyle(layer).backgroundImage.includes('gradient'))
      layer = layer.parentElement;
    if (!layer) return { target, ratio: null, why: 'no gradient behind it' };
    let base: Rgba = [255, 255, 255, 1];
    for (let below = layer.parentElement; below; below = below.parentElement) {
      const [colour] = parse(getComputedStyle(below).backgroundColor);
      if (colour && colour[3] === 1) {
        base = colour;
        break;
      }
    }
    // The layers paint bottom (listed last) to top; every stop of each layer may lie over every colour below it.
    const style = getComputedStyle(layer);
    const layers: string[] = [];
    let depth = 0;
    let current = '';
    for (const char of style.backgroundImage) {
      depth += char === '(' ? 1 : char === ')' ? -1 : 0;
      if (char === ',' && depth === 0) {
        layers.push(current);
        current = '';
      } else current += char;
    }
    layers.push(current);
    if (layers.some((image) => !image.includes('gradient')))
      return { target, ratio: null, why: 'an image behind it' };
    let stops: Rgba[] = [over(parse(style.backgroundColor)[0] ?? [0, 0, 0, 0], base)];
    for (const image of layers.reverse())
      stops = parse(image).flatMap((stop) => stops.map((below) => over(stop, below)));
    if (stops.length === 0) return { target, ratio: null, why: 'a gradient without colours' };
    const text = parse(getComputedStyle(element).color)[0]!;
    return { target, ratio: Math.min(...stops.map((stop) => contrast(over(text, stop), stop))) };
  });
}

/**
 * Every accessibility finding of axe on the page (or the part `builder` was narrowed to), as `rule: element` lines:
 * its violations, and each contrast it left undecided that fails or cannot be decided against its gradient.
 */
export async function accessibilityFindings(
  page: Page,
  builder = new AxeBuilder({ page }),
): Promise<string[]> {
  // axe's default run opens a blank page of its own to assemble each frame's results, so that it may read frames of
  // other origins; on a page without such a frame, one run in the page finds the same in half the time (2.8 s and
  // 1.3 s measured on /about, two quiet cores; axe itself took 0.8 s of either). A page with one (YouTube's player)
  // gets the default run, which reads the frame too.
  const pageOrigin = new URL(page.url()).origin;
  const framesOfOtherOrigins = page
    .frames()
    .some((frame) => frame.url().startsWith('http') && new URL(frame.url()).origin !== pageOrigin);
  const results = await builder.setLegacyMode(!framesOfOtherOrigins).analyze();
  const findings = results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`),
  );
  const reason = (node: (typeof results.incomplete)[number]['nodes'][number]) =>
    (node.any[0]?.data as ContrastData | undefined)?.messageKey ?? '';
  const undecided = (results.incomplete.find((rule) => rule.id === 'color-contrast')?.nodes ?? []).filter(
    (node) => !coveredByAnotherElement.has(reason(node)),
  );
  const onGradients = undecided.filter(
    (node) =>
      node.target.length === 1 &&
      (node.any[0]?.data as ContrastData | undefined)?.messageKey === 'bgGradient',
  );
  for (const node of undecided.filter((node) => !onGradients.includes(node)))
    findings.push(
      `color-contrast undecided (${(node.any[0]?.data as ContrastData | undefined)?.messageKey}): ${node.target.join(' ')}`,
    );
  const measured = await page.evaluate(
    worstGradientContrast,
    onGradients.map((node) => String(node.target[0])),
  );
  onGradients.forEach((node, index) => {
    const { target, ratio, why } = measured[index]!;
    const expected = Number(
      ((node.any[0]?.data as ContrastData).expectedContrastRatio ?? '4.5:1').split(':')[0],
    );
    if (ratio === null) findings.push(`color-contrast on a gradient, ${why}: ${target}`);
    else if (ratio < expected)
      findings.push(`color-contrast on a gradient, ${ratio.toFixed(2)} < ${expected}: ${target}`);
  });
  return findings;
}
