/**
 * Generated images, so that the app needs no network: product pictures and inspection photos are SVG
 * drawn from the data they show.
 */
import { drawingKindOf, drawProduct } from './product-drawings.js';

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
}

function wrap(text: string, width: number, maxLines: number): string[] {
  const words = text.split(/\s+/);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if ((line + ' ' + word).trim().length > width) {
      if (line) lines.push(line);
      line = word;
    } else line = (line + ' ' + word).trim();
    if (lines.length === maxLines) break;
  }
  if (line && lines.length < maxLines) lines.push(line);
  return lines;
}

export interface ProductPictureInput {
  title: string;
  /** The catalog category: picks the drawing when the title's noun does not. */
  category: string;
  /** The product's colour (its first SKU's), or null to use the category's hue. */
  colour: string | null;
  hue: number;
  /** Which view of the product (0 = main): the same drawing, turned and framed a little differently. */
  view: number;
  label?: string;
}

/** Views after the main one: the item turned a little, as a seller's second and third photos are. */
const VIEW_TRANSFORMS = ['', 'rotate(-8 400 340) scale(0.92) translate(35 30)', 'rotate(7 400 340) scale(0.88) translate(55 40)'];

/** A product picture: a drawing of what the product is (product-drawings.ts) in its colour, and its title. */
export function productPicture({ title, category, colour, hue, view, label }: ProductPictureInput): string {
  const h = ((hue % 360) + 360) % 360;
  const h2 = (h + 40 + view * 25) % 360;
  const lines = wrap(title, 22, 3);
  const fill = colour ?? `hsl(${h} 55% 55%)`;
  const drawing = drawProduct(drawingKindOf(category, title), fill, '#2f2d2a', `hsl(${h2} 40% 72%)`);
  const transform = VIEW_TRANSFORMS[view % VIEW_TRANSFORMS.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h} 35% 96%)"/><stop offset="1" stop-color="hsl(${h} 30% 86%)"/></linearGradient></defs>
<rect width="800" height="800" fill="url(#g)"/>
<ellipse cx="400" cy="${545 - view * 4}" rx="230" ry="22" fill="hsl(${h} 20% 70%)" opacity="0.6"/>
<g${transform ? ` transform="${transform}"` : ''}>
${drawing}
</g>
${lines.map((l, i) => `<text x="400" y="${620 + i * 44}" font-family="sans-serif" font-size="36" text-anchor="middle" fill="hsl(${h} 40% 20%)">${escapeXml(l)}</text>`).join('\n')}
${label ? `<text x="40" y="70" font-family="sans-serif" font-size="30" fill="hsl(${h} 40% 25%)">${escapeXml(label)}</text>` : ''}
</svg>`;
}

export interface InspectionPhotoInput {
  title: string;
  weightGrams: number;
  date: string;
  orderNo: string;
  index: number;
  hue: number;
}

/** A warehouse QC photo: the item on a scale with the weight and the date, as agents send them. */
export function inspectionPhoto(input: InspectionPhotoInput): string {
  const h = ((input.hue % 360) + 360) % 360;
  const lines = wrap(input.title, 26, 2);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
<rect width="800" height="800" fill="#e9e6df"/>
<rect x="150" y="520" width="500" height="60" rx="10" fill="#3d3d3d"/>
<rect x="300" y="590" width="200" height="70" rx="8" fill="#1f2a1f"/>
<text x="400" y="640" font-family="monospace" font-size="40" text-anchor="middle" fill="#7CFC00">${input.weightGrams} g</text>
<rect x="${240 + (input.index % 3) * 20}" y="${260 - (input.index % 2) * 20}" width="320" height="260" rx="18" fill="hsl(${h} 60% 60%)"/>
${lines.map((l, i) => `<text x="400" y="${110 + i * 40}" font-family="sans-serif" font-size="32" text-anchor="middle" fill="#222">${escapeXml(l)}</text>`).join('\n')}
<text x="30" y="760" font-family="monospace" font-size="26" fill="#444">${escapeXml(input.orderNo)} · QC #${input.index + 1}</text>
<text x="770" y="760" font-family="monospace" font-size="26" text-anchor="end" fill="#444">${escapeXml(input.date)}</text>
</svg>`;
}
