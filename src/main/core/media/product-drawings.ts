/**
 * What a product picture shows: a simple, recognizable drawing of the kind of goods (a hoodie, a sneaker,
 * a backpack, a phone...), chosen from the title's noun and, failing that, the category, filled with the
 * product's colour. Pure and deterministic: the same product always gets the same picture, offline.
 */
export type DrawingKind =
  | 'tshirt' | 'hoodie' | 'jacket' | 'pants' | 'shoe' | 'backpack' | 'tote' | 'phone' | 'charger' | 'watch'
  | 'clock' | 'headphones' | 'keyboard' | 'speaker' | 'bottle' | 'mug' | 'lamp' | 'box' | 'bear' | 'blocks'
  | 'mat' | 'racket' | 'pan' | 'glove';

/** The title's noun first (the first match wins, so "Hoodie" beats "Shirt"), then the category. */
const BY_WORD: readonly [RegExp, DrawingKind][] = [
  [/hoodie/i, 'hoodie'],
  [/jacket|windbreaker|sweater|vest/i, 'jacket'],
  [/shirt|tee/i, 'tshirt'],
  [/pants|jeans|trousers/i, 'pants'],
  [/sneaker|shoe|loafer|boot|slide/i, 'shoe'],
  [/backpack|laptop sleeve/i, 'backpack'],
  [/bag|wallet/i, 'tote'],
  [/smart watch|watch/i, 'watch'],
  [/clock/i, 'clock'],
  [/earbud|headphone/i, 'headphones'],
  [/keyboard|mouse/i, 'keyboard'],
  [/speaker/i, 'speaker'],
  [/charger|cable|power bank/i, 'charger'],
  [/phone|screen protector|car mount/i, 'phone'],
  [/serum|perfume|sunscreen|polish|lipstick|bottle|diffuser/i, 'bottle'],
  [/mug|tea set|kettle/i, 'mug'],
  [/lamp/i, 'lamp'],
  [/plush|figure/i, 'bear'],
  [/blocks|model kit|puzzle/i, 'blocks'],
  [/mat\b|blanket|bands/i, 'mat'],
  [/glove/i, 'glove'],
  [/racket/i, 'racket'],
  [/pan\b|knife/i, 'pan'],
  [/box/i, 'box'],
];

const BY_CATEGORY: Readonly<Record<string, DrawingKind>> = {
  Apparel: 'tshirt',
  Shoes: 'shoe',
  Bags: 'tote',
  Electronics: 'headphones',
  'Phone Accessories': 'phone',
  Beauty: 'bottle',
  Home: 'lamp',
  'Toys & Hobbies': 'blocks',
  Sports: 'racket',
  Kitchen: 'pan',
};

/** The drawing the title's noun names, or null when no noun of the list is in it. */
export function drawingKindOfTitle(title: string): DrawingKind | null {
  for (const [pattern, kind] of BY_WORD) if (pattern.test(title)) return kind;
  return null;
}

export function drawingKindOf(category: string, title: string): DrawingKind {
  return drawingKindOfTitle(title) ?? BY_CATEGORY[category] ?? 'box';
}

/** The catalog's colour words (SKU names such as "Olive / M") as fills; others get the category's hue. */
const COLOURS: Readonly<Record<string, string>> = {
  black: '#2b2b2e',
  white: '#f4f4f1',
  grey: '#8a8d91',
  gray: '#8a8d91',
  navy: '#27345c',
  beige: '#d8c6a5',
  olive: '#6b7035',
  burgundy: '#7a2435',
  'sky blue': '#7fb8e6',
  pink: '#eda3bd',
  cream: '#f1e6cc',
  silver: '#c3c6cb',
};

/** The first colour word in a SKU name, as a fill; null when the name has none. */
export function colourOf(skuName: string): string | null {
  const lower = skuName.toLowerCase();
  const found = Object.keys(COLOURS).find((word) => lower.split(/\s*\/\s*/).includes(word));
  return found ? COLOURS[found]! : null;
}

/** Each drawing fits the 800 x 800 picture's upper part (the title sits below y = 560). */
type Draw = (fill: string, line: string, accent: string) => string;

const strokes = (line: string) => `stroke="${line}" stroke-width="6" stroke-linejoin="round" stroke-linecap="round"`;

const DRAWINGS: Readonly<Record<DrawingKind, Draw>> = {
  tshirt: (f, l) =>
    `<path d="M300 170 Q400 220 500 170 L620 240 L575 330 L530 305 L530 520 L270 520 L270 305 L225 330 L180 240 Z" fill="${f}" ${strokes(l)}/>
<path d="M350 185 Q400 225 450 185" fill="none" ${strokes(l)}/>`,
  hoodie: (f, l, a) =>
    `<path d="M300 190 L500 190 L560 230 L625 470 L570 485 L530 330 L530 525 L270 525 L270 330 L230 485 L175 470 L240 230 Z" fill="${f}" ${strokes(l)}/>
<path d="M320 200 Q400 90 480 200 Q400 250 320 200 Z" fill="${a}" ${strokes(l)}/>
<path d="M330 420 L470 420 L490 490 L310 490 Z" fill="${a}" ${strokes(l)}/>
<path d="M385 225 L380 300 M415 225 L420 300" ${strokes(l)}/>`,
  jacket: (f, l, a) =>
    `<path d="M300 180 L500 180 L560 220 L625 470 L570 485 L530 330 L530 525 L270 525 L270 330 L230 485 L175 470 L240 220 Z" fill="${f}" ${strokes(l)}/>
<path d="M330 180 L400 250 L470 180" fill="${a}" ${strokes(l)}/>
<path d="M400 250 L400 525" ${strokes(l)}/>
<rect x="300" y="400" width="60" height="10" fill="${l}"/><rect x="440" y="400" width="60" height="10" fill="${l}"/>`,
  pants: (f, l, a) =>
    `<path d="M290 170 L510 170 L545 540 L430 540 L400 290 L370 540 L255 540 Z" fill="${f}" ${strokes(l)}/>
<rect x="290" y="170" width="220" height="32" fill="${a}" ${strokes(l)}/>
<path d="M330 205 Q335 250 300 260 M470 205 Q465 250 500 260" fill="none" ${strokes(l)}/>`,
  shoe: (f, l, a) =>
    `<path d="M170 440 L190 320 Q250 330 310 300 L370 250 Q410 240 430 285 Q500 345 600 365 Q645 380 640 440 Z" fill="${f}" ${strokes(l)}/>
<path d="M160 440 L650 440 L650 470 Q650 485 635 485 L175 485 Q160 485 160 470 Z" fill="#f6f4ef" ${strokes(l)}/>
<path d="M360 280 L400 300 M380 265 L420 290 M340 296 L380 316" ${strokes(a)}/>`,
  backpack: (f, l, a) =>
    `<path d="M360 200 Q360 150 400 150 Q440 150 440 200" fill="none" ${strokes(l)}/>
<rect x="270" y="195" width="260" height="330" rx="70" fill="${f}" ${strokes(l)}/>
<rect x="315" y="380" width="170" height="115" rx="24" fill="${a}" ${strokes(l)}/>
<path d="M315 410 L485 410" ${strokes(l)}/>`,
  tote: (f, l, a) =>
    `<path d="M330 250 Q330 150 400 150 Q470 150 470 250" fill="none" stroke="${a}" stroke-width="18"/>
<path d="M250 250 L550 250 L580 520 L220 520 Z" fill="${f}" ${strokes(l)}/>
<rect x="370" y="300" width="60" height="40" rx="8" fill="${a}" ${strokes(l)}/>`,
  phone: (f, l) =>
    `<rect x="300" y="130" width="200" height="400" rx="34" fill="${f}" ${strokes(l)}/>
<rect x="318" y="165" width="164" height="320" rx="10" fill="#1d2a3a"/>
<circle cx="400" cy="150" r="7" fill="${l}"/><rect x="370" y="500" width="60" height="10" rx="5" fill="${l}"/>`,
  charger: (f, l, a) =>
    `<rect x="300" y="190" width="200" height="170" rx="30" fill="${f}" ${strokes(l)}/>
<rect x="350" y="150" width="22" height="45" fill="${l}"/><rect x="428" y="150" width="22" height="45" fill="${l}"/>
<path d="M400 360 Q400 460 300 470 Q200 480 230 540" fill="none" stroke="${a}" stroke-width="16" stroke-linecap="round"/>`,
  watch: (f, l, a) =>
    `<rect x="340" y="120" width="120" height="430" rx="30" fill="${f}" ${strokes(l)}/>
<rect x="300" y="230" width="200" height="210" rx="46" fill="${a}" ${strokes(l)}/>
<rect x="322" y="252" width="156" height="166" rx="30" fill="#1d2a3a"/>
<path d="M400 335 L400 285 M400 335 L440 350" stroke="#9fe3c4" stroke-width="8" stroke-linecap="round"/>`,
  clock: (f, l) =>
    `<circle cx="400" cy="330" r="200" fill="${f}" ${strokes(l)}/><circle cx="400" cy="330" r="170" fill="#fbfaf6" ${strokes(l)}/>
<path d="M400 330 L400 210 M400 330 L480 370" ${strokes(l)}/><circle cx="400" cy="330" r="10" fill="${l}"/>`,
  headphones: (f, l, a) =>
    `<path d="M240 380 Q240 160 400 160 Q560 160 560 380" fill="none" stroke="${f}" stroke-width="34" stroke-linecap="round"/>
<path d="M240 380 Q240 160 400 160 Q560 160 560 380" fill="none" ${strokes(l)}/>
<rect x="195" y="340" width="95" height="170" rx="40" fill="${f}" ${strokes(l)}/>
<rect x="510" y="340" width="95" height="170" rx="40" fill="${f}" ${strokes(l)}/>
<rect x="270" y="370" width="30" height="110" rx="12" fill="${a}"/><rect x="500" y="370" width="30" height="110" rx="12" fill="${a}"/>`,
  keyboard: (f, l, a) =>
    `<rect x="150" y="250" width="500" height="190" rx="20" fill="${f}" ${strokes(l)}/>
${Array.from({ length: 3 }, (_, r) => Array.from({ length: 10 }, (_, c) => `<rect x="${175 + c * 46}" y="${272 + r * 46}" width="36" height="36" rx="6" fill="${a}"/>`).join('')).join('\n')}
<rect x="270" y="412" width="260" height="18" rx="6" fill="${a}"/>`,
  speaker: (f, l, a) =>
    `<rect x="290" y="150" width="220" height="380" rx="40" fill="${f}" ${strokes(l)}/>
<circle cx="400" cy="250" r="55" fill="${a}" ${strokes(l)}/><circle cx="400" cy="410" r="80" fill="${a}" ${strokes(l)}/><circle cx="400" cy="410" r="25" fill="${l}"/>`,
  bottle: (f, l, a) =>
    `<rect x="365" y="130" width="70" height="70" rx="10" fill="${a}" ${strokes(l)}/>
<path d="M330 200 L470 200 L490 250 L490 520 Q490 540 470 540 L330 540 Q310 540 310 520 L310 250 Z" fill="${f}" ${strokes(l)}/>
<rect x="330" y="320" width="140" height="110" rx="10" fill="#fbfaf6" ${strokes(l)}/>`,
  mug: (f, l, a) =>
    `<path d="M490 290 Q590 290 590 370 Q590 450 490 450" fill="none" stroke="${f}" stroke-width="30"/>
<path d="M230 230 L500 230 L485 520 Q485 540 465 540 L265 540 Q245 540 245 520 Z" fill="${f}" ${strokes(l)}/>
<path d="M320 200 Q300 170 320 140 M370 200 Q350 170 370 140 M420 200 Q400 170 420 140" fill="none" ${strokes(a)}/>`,
  lamp: (f, l, a) =>
    `<path d="M280 140 L520 140 L580 300 L220 300 Z" fill="${f}" ${strokes(l)}/>
<rect x="388" y="300" width="24" height="200" fill="${a}" ${strokes(l)}/>
<rect x="290" y="500" width="220" height="40" rx="14" fill="${a}" ${strokes(l)}/>`,
  box: (f, l, a) =>
    `<path d="M200 240 L400 160 L600 240 L600 470 L400 550 L200 470 Z" fill="${f}" ${strokes(l)}/>
<path d="M200 240 L400 320 L600 240 M400 320 L400 550" fill="none" ${strokes(l)}/>
<path d="M300 200 L500 280 L500 350" fill="none" stroke="${a}" stroke-width="14"/>`,
  bear: (f, l, a) =>
    `<circle cx="310" cy="170" r="48" fill="${f}" ${strokes(l)}/><circle cx="490" cy="170" r="48" fill="${f}" ${strokes(l)}/>
<ellipse cx="400" cy="430" rx="150" ry="120" fill="${f}" ${strokes(l)}/>
<circle cx="400" cy="250" r="110" fill="${f}" ${strokes(l)}/>
<ellipse cx="400" cy="285" rx="45" ry="32" fill="${a}"/><circle cx="360" cy="230" r="10" fill="${l}"/><circle cx="440" cy="230" r="10" fill="${l}"/>
<circle cx="400" cy="272" r="10" fill="${l}"/>`,
  blocks: (f, l, a) =>
    `<rect x="200" y="380" width="260" height="130" rx="8" fill="${f}" ${strokes(l)}/>
<rect x="380" y="250" width="220" height="130" rx="8" fill="${a}" ${strokes(l)}/>
${[240, 320, 400].map((x) => `<rect x="${x}" y="352" width="40" height="28" rx="6" fill="${f}" ${strokes(l)}/>`).join('')}
${[410, 490].map((x) => `<rect x="${x}" y="222" width="40" height="28" rx="6" fill="${a}" ${strokes(l)}/>`).join('')}`,
  mat: (f, l, a) =>
    `<rect x="180" y="420" width="420" height="80" rx="12" fill="${f}" ${strokes(l)}/>
<ellipse cx="600" cy="330" rx="60" ry="120" fill="${a}" ${strokes(l)}/>
<path d="M220 210 L600 210 L600 450 L220 450 Q180 450 180 330 Q180 210 220 210 Z" fill="${f}" ${strokes(l)}/>
<ellipse cx="600" cy="330" rx="60" ry="120" fill="${a}" ${strokes(l)}/><ellipse cx="600" cy="330" rx="25" ry="55" fill="${f}" ${strokes(l)}/>`,
  racket: (f, l, a) =>
    `<ellipse cx="400" cy="240" rx="130" ry="160" fill="#fbfaf6" stroke="${f}" stroke-width="22"/>
${[-80, -40, 0, 40, 80].map((d) => `<path d="M${400 + d} 95 L${400 + d} 385 M270 ${240 + d} L530 ${240 + d}" stroke="${l}" stroke-width="3"/>`).join('')}
<rect x="388" y="398" width="24" height="150" rx="10" fill="${a}" ${strokes(l)}/>`,
  glove: (f, l, a) =>
    `<path d="M300 340 L205 262 Q180 242 198 220 Q216 200 240 217 L335 290 Z" fill="${f}" ${strokes(l)}/>
${[[298, 185], [352, 145], [406, 155], [460, 195]].map(([x, y]) => `<rect x="${x}" y="${y}" width="46" height="${330 - y!}" rx="23" fill="${f}" ${strokes(l)}/>`).join('')}
<rect x="290" y="285" width="222" height="200" rx="44" fill="${f}" ${strokes(l)}/>
<rect x="300" y="465" width="202" height="72" rx="14" fill="${a}" ${strokes(l)}/>`,
  pan: (f, l, a) =>
    `<circle cx="340" cy="340" r="190" fill="${f}" ${strokes(l)}/><circle cx="340" cy="340" r="150" fill="${a}"/>
<rect x="520" y="315" width="220" height="50" rx="25" fill="${f}" ${strokes(l)}/>`,
};

/** Every kind there is a drawing of (media.ts digests them all into the pictures' URL version). */
export const DRAWING_KINDS = Object.keys(DRAWINGS) as readonly DrawingKind[];

/** The drawing's SVG elements for a kind, in a fill colour, with a darker outline and a second tone. */
export function drawProduct(kind: DrawingKind, fill: string, line: string, accent: string): string {
  return DRAWINGS[kind](fill, line, accent);
}
