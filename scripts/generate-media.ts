// Generates every picture the content references: illustrated scenes for countries, visas,
// services, news and continents, illustrated avatars for people, wordmarks for media partners and
// the testimony-video posters. No stock photos can be downloaded for this site and nothing may be
// hot-linked, so the pictures are drawn here as SVG and rendered with sharp at their display size.
// The output is deterministic (seeded by file name), so re-running it changes nothing unless this
// file changes. An editor replaces any of these files with a real photo of the same name.
//
// Run: npm run media   (or: node scripts/generate-media.ts)
// Options: --out=<folder> writes the pictures elsewhere (tests compare a fresh run with the committed
// files), --skip-videos leaves the videos alone.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const outArg = args.find((arg) => arg.startsWith('--out='));
const OUT = outArg ? resolve(outArg.slice('--out='.length)) : join(ROOT, 'content', 'images');
const SKIP_VIDEOS = args.includes('--skip-videos');

// ---------------------------------------------------------------------------------------------
// Palette: deep navy and teal with a warm gold accent, shared by every picture so the site looks
// like one family. Skies are chosen per scene (dawn, day, dusk, night).
// ---------------------------------------------------------------------------------------------
const NAVY = '#0b2545';
const TEAL = '#13505b';
const GOLD = '#f2a541';
const SAND = '#f6ead7';

type Sky = 'dawn' | 'day' | 'dusk' | 'night';
const SKIES: Record<Sky, [string, string, string]> = {
  dawn: ['#fbd3a5', '#f6a57c', '#7a86b6'],
  day: ['#cfe8f3', '#8fc7de', '#3f8fb3'],
  dusk: ['#f7b267', '#e0607e', '#3d2c6b'],
  night: ['#1c2a4a', '#0f1a33', '#070d1c'],
};

/** A small deterministic random generator (mulberry32) seeded from a string. */
function seeded(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round = (n: number) => Math.round(n * 10) / 10;

// ---------------------------------------------------------------------------------------------
// Scene pieces. Each returns SVG markup for a 1200x800 canvas; landmarks stand on the line y=620.
// ---------------------------------------------------------------------------------------------
const W = 1200;
const H = 800;
const GROUND = 620;

function skyGradient(sky: Sky, id: string): string {
  const [top, mid, low] = SKIES[sky];
  return `<defs><linearGradient id="${id}" x1="0" y1="1" x2="0" y2="0">
    <stop offset="0" stop-color="${top}"/><stop offset="0.55" stop-color="${mid}"/><stop offset="1" stop-color="${low}"/>
  </linearGradient></defs><rect width="${W}" height="${H}" fill="url(#${id})"/>`;
}

function sun(sky: Sky, rnd: () => number): string {
  const x = 180 + rnd() * 840;
  const y = sky === 'day' ? 170 : 330;
  const fill = sky === 'night' ? '#f4f1de' : sky === 'day' ? '#fff4c2' : '#ffd27f';
  const stars =
    sky === 'night'
      ? Array.from({ length: 40 }, () => `<circle cx="${round(rnd() * W)}" cy="${round(rnd() * 380)}" r="${round(1 + rnd() * 1.6)}" fill="#fff" opacity="${round(0.4 + rnd() * 0.5)}"/>`).join('')
      : '';
  return `${stars}<circle cx="${round(x)}" cy="${y}" r="${sky === 'night' ? 46 : 70}" fill="${fill}" opacity="0.9"/>`;
}

/** Rolling hills in three layers, lighter at the back (aerial perspective). */
function hills(rnd: () => number, colours: [string, string, string]): string {
  return colours
    .map((colour, layer) => {
      const base = GROUND - 60 + layer * 45;
      let d = `M0 ${H} L0 ${base}`;
      for (let x = 0; x <= W; x += 150) {
        d += ` Q${x + 75} ${round(base - 30 - rnd() * 60)} ${x + 150} ${round(base - rnd() * 20)}`;
      }
      return `<path d="${d} L${W} ${H} Z" fill="${colour}"/>`;
    })
    .join('');
}

/** A row of city blocks with lit windows; the density and height vary with the seed. */
function skyline(rnd: () => number, colour: string, lit: boolean, maxHeight = 260): string {
  let out = '';
  let x = -20;
  while (x < W) {
    const w = 50 + rnd() * 70;
    const h = 80 + rnd() * maxHeight;
    out += `<rect x="${round(x)}" y="${round(GROUND - h)}" width="${round(w)}" height="${round(h + 200)}" fill="${colour}"/>`;
    if (lit) {
      for (let wy = GROUND - h + 18; wy < GROUND - 10; wy += 26) {
        for (let wx = x + 10; wx < x + w - 14; wx += 18) {
          if (rnd() > 0.62) out += `<rect x="${round(wx)}" y="${round(wy)}" width="7" height="10" fill="${GOLD}" opacity="0.75"/>`;
        }
      }
    }
    x += w + 4 + rnd() * 10;
  }
  return out;
}

function water(colour: string, y = GROUND + 30): string {
  const waves = Array.from({ length: 6 }, (_, i) => `<path d="M${80 + i * 190} ${y + 40 + (i % 3) * 30} q30 -10 60 0" stroke="#ffffff" stroke-opacity="0.35" stroke-width="4" fill="none"/>`).join('');
  return `<rect x="0" y="${y}" width="${W}" height="${H - y}" fill="${colour}"/>${waves}`;
}

function palm(x: number, scale: number, colour: string): string {
  const s = scale;
  return `<g transform="translate(${x} ${GROUND}) scale(${s})" fill="${colour}">
    <path d="M-6 0 Q4 -120 18 -230 L26 -228 Q12 -120 6 0 Z"/>
    <path d="M22 -230 q-70 -20 -120 30 q60 -60 120 -22z"/><path d="M22 -230 q70 -25 120 25 q-60 -55 -120 -17z"/>
    <path d="M22 -230 q-40 -60 -100 -60 q70 10 98 64z"/><path d="M22 -230 q40 -70 110 -62 q-80 8 -106 66z"/>
  </g>`;
}

function acacia(x: number, scale: number, colour: string): string {
  return `<g transform="translate(${x} ${GROUND}) scale(${scale})" fill="${colour}">
    <path d="M-5 0 L-3 -110 L-40 -150 L-34 -154 L0 -122 L30 -160 L36 -156 L5 -112 L7 0 Z"/>
    <ellipse cx="-20" cy="-165" rx="110" ry="22"/><ellipse cx="20" cy="-178" rx="80" ry="18"/>
  </g>`;
}

/** Landmark silhouettes, drawn from simple shapes; each is centred on x and stands on the ground. */
const LANDMARKS: Record<string, (x: number, c: string) => string> = {
  eiffel: (x, c) => `<g transform="translate(${x} ${GROUND})" fill="${c}">
    <path d="M-130 0 L-62 -170 L-40 -170 L-18 -360 L-8 -470 L0 -520 L8 -470 L18 -360 L40 -170 L62 -170 L130 0 L90 0 Q0 -130 -90 0 Z"/>
    <rect x="-78" y="-180" width="156" height="14"/><rect x="-42" y="-372" width="84" height="12"/></g>`,
  liberty: (x, c) => `<g transform="translate(${x} ${GROUND})" fill="${c}">
    <path d="M-90 0 L-70 -120 L70 -120 L90 0 Z"/><path d="M-40 -120 L-30 -200 L30 -200 L40 -120 Z"/>
    <path d="M-26 -200 Q-34 -300 -14 -350 L14 -350 Q34 -300 26 -200 Z"/><circle cy="-370" r="20"/>
    <path d="M-22 -388 L-34 -410 L-12 -394 L-10 -420 L0 -396 L10 -420 L12 -394 L34 -410 L22 -388 Z"/>
    <path d="M14 -330 L40 -430 L52 -428 L28 -326 Z"/><path d="M38 -432 q8 -30 16 -4 z" fill="${GOLD}"/></g>`,
  bigben: (x, c) => `<g transform="translate(${x} ${GROUND})" fill="${c}">
    <rect x="-36" y="-360" width="72" height="360"/><rect x="-44" y="-420" width="88" height="70"/>
    <circle cy="-386" r="26" fill="${SAND}" opacity="0.85"/><path d="M-44 -420 L0 -520 L44 -420 Z"/>
    <rect x="-300" y="-150" width="250" height="150"/><rect x="50" y="-130" width="300" height="130"/>
    ${Array.from({ length: 9 }, (_, i) => `<path d="M${-296 + i * 28} -150 l12 -26 l12 26 z"/>`).join('')}</g>`,
  opera: (x, c) => `<g transform="translate(${x} ${GROUND})" fill="${c}">
    <rect x="-260" y="-40" width="520" height="40"/>
    <path d="M-240 -40 Q-200 -210 -110 -230 Q-150 -120 -130 -40 Z"/><path d="M-150 -40 Q-100 -260 10 -280 Q-40 -140 -20 -40 Z"/>
    <path d="M-40 -40 Q20 -220 120 -230 Q80 -120 90 -40 Z"/><path d="M70 -40 Q120 -160 200 -170 Q170 -90 180 -40 Z"/></g>`,
  cntower: (x, c) => `<g transform="translate(${x} ${GROUND})" fill="${c}">
    <path d="M-22 0 L-10 -330 L10 -330 L22 0 Z"/><ellipse cy="-340" rx="40" ry="22"/><rect x="-6" y="-520" width="12" height="190"/>
    <ellipse cy="-420" rx="14" ry="8"/></g>`,
  pagoda: (x, c) => `<g transform="translate(${x} ${GROUND})" fill="${c}">
    ${[0, 1, 2, 3, 4].map((i) => `<rect x="${-70 + i * 10}" y="${-70 - i * 70}" width="${140 - i * 20}" height="50"/><path d="M${-120 + i * 14} ${-70 - i * 70} Q0 ${-100 - i * 70} ${120 - i * 14} ${-70 - i * 70} L${100 - i * 14} ${-84 - i * 70} L${-100 + i * 14} ${-84 - i * 70} Z"/>`).join('')}
    <rect x="-4" y="-440" width="8" height="70"/></g>`,
  greatwall: (x, c) => `<g fill="${c}"><path d="M0 ${GROUND - 40} L200 ${GROUND - 120} L380 ${GROUND - 70} L560 ${GROUND - 170} L760 ${GROUND - 90} L940 ${GROUND - 180} L1200 ${GROUND - 110} L1200 ${GROUND - 80} L940 ${GROUND - 150} L760 ${GROUND - 60} L560 ${GROUND - 140} L380 ${GROUND - 40} L200 ${GROUND - 90} L0 ${GROUND - 10} Z"/>
    ${[200, 560, 940].map((t) => `<rect x="${t - 28 + x * 0}" y="${GROUND - (t === 560 ? 230 : t === 940 ? 240 : 180)}" width="56" height="70"/>`).join('')}</g>`,
  alps: (x, c) => `<g transform="translate(${x} 0)"><path d="M-600 ${GROUND} L-320 ${GROUND - 330} L-200 ${GROUND - 220} L-40 ${GROUND - 420} L140 ${GROUND - 200} L300 ${GROUND - 340} L600 ${GROUND} Z" fill="${c}"/>
    <path d="M-40 ${GROUND - 420} L-90 ${GROUND - 340} L-50 ${GROUND - 355} L-20 ${GROUND - 330} L20 ${GROUND - 360} Z" fill="#ffffff" opacity="0.9"/>
    <path d="M300 ${GROUND - 340} L260 ${GROUND - 280} L300 ${GROUND - 290} L330 ${GROUND - 300} Z" fill="#ffffff" opacity="0.9"/>
    <path d="M-320 ${GROUND - 330} L-360 ${GROUND - 270} L-320 ${GROUND - 285} L-290 ${GROUND - 290} Z" fill="#ffffff" opacity="0.9"/></g>`,
  kilimanjaro: (x, c) => `<g transform="translate(${x} 0)"><path d="M-560 ${GROUND} Q-300 ${GROUND - 120} -120 ${GROUND - 300} L120 ${GROUND - 310} Q320 ${GROUND - 120} 560 ${GROUND} Z" fill="${c}"/>
    <path d="M-120 ${GROUND - 300} L120 ${GROUND - 310} L150 ${GROUND - 270} L90 ${GROUND - 285} L40 ${GROUND - 260} L-20 ${GROUND - 290} L-90 ${GROUND - 265} L-150 ${GROUND - 270} Z" fill="#ffffff" opacity="0.9"/></g>`,
  rock: (x, c) => `<g transform="translate(${x} ${GROUND})"><path d="M-300 0 Q-290 -260 -120 -330 Q40 -380 180 -300 Q300 -220 320 0 Z" fill="${c}"/>
    <path d="M-120 -300 q40 80 10 200 M30 -330 q20 100 -10 240 M160 -280 q-10 90 20 200" stroke="#000" stroke-opacity="0.18" stroke-width="6" fill="none"/></g>`,
  uluru: (x, c) => `<g transform="translate(${x} ${GROUND})"><path d="M-420 0 Q-400 -120 -330 -150 Q-200 -175 0 -172 Q220 -170 330 -140 Q400 -110 420 0 Z" fill="${c}"/>
    <path d="M-300 -150 q20 60 0 140 M-120 -168 q14 80 -6 160 M90 -168 q-10 80 10 160 M260 -148 q-16 70 4 140" stroke="#000" stroke-opacity="0.18" stroke-width="6" fill="none"/></g>`,
  castle: (x, c) => `<g transform="translate(${x} ${GROUND})" fill="${c}">
    <rect x="-320" y="-150" width="640" height="150"/>${Array.from({ length: 16 }, (_, i) => `<rect x="${-320 + i * 40}" y="-172" width="24" height="24"/>`).join('')}
    <rect x="-80" y="-260" width="160" height="120"/>${Array.from({ length: 4 }, (_, i) => `<rect x="${-80 + i * 44}" y="-282" width="28" height="24"/>`).join('')}
    <path d="M-30 0 L-30 -70 Q0 -100 30 -70 L30 0 Z" fill="#000" opacity="0.25"/></g>`,
  jetdeau: (x, c) => `<g transform="translate(${x} ${GROUND + 30})"><path d="M-10 0 Q-16 -200 -4 -420 Q0 -440 4 -420 Q16 -200 10 0 Z" fill="#ffffff" opacity="0.85"/>
    <path d="M-4 -420 q-50 30 -70 110 q40 -70 70 -100z" fill="#ffffff" opacity="0.5"/><rect x="-400" y="-20" width="800" height="20" fill="${c}" opacity="0"/></g>`,
  mosque: (x, c) => `<g transform="translate(${x} ${GROUND})" fill="${c}">
    <rect x="-200" y="-140" width="400" height="140"/><path d="M-110 -140 Q-110 -300 0 -320 Q110 -300 110 -140 Z"/><rect x="-4" y="-360" width="8" height="44"/>
    <rect x="-260" y="-380" width="36" height="380"/><path d="M-262 -380 L-242 -440 L-222 -380 Z"/><rect x="224" y="-380" width="36" height="380"/><path d="M222 -380 L242 -440 L262 -380 Z"/></g>`,
  capitol: (x, c) => `<g transform="translate(${x} ${GROUND})" fill="${c}">
    <rect x="-330" y="-120" width="660" height="120"/><rect x="-120" y="-200" width="240" height="80"/>
    <path d="M-100 -200 Q-100 -330 0 -350 Q100 -330 100 -200 Z"/><rect x="-8" y="-400" width="16" height="52"/>
    ${Array.from({ length: 12 }, (_, i) => `<rect x="${-300 + i * 52}" y="-110" width="14" height="100" fill="#000" opacity="0.15"/>`).join('')}</g>`,
  globe: (x, c) => `<g transform="translate(${x} ${GROUND - 230})" fill="none" stroke="${c}" stroke-width="14">
    <circle r="190"/><ellipse rx="80" ry="190"/><path d="M-190 0 H190 M-165 -95 H165 M-165 95 H165"/></g>`,
  plane: (x, c) => `<g transform="translate(${x} 300) rotate(-14)" fill="${c}">
    <path d="M-260 -18 L180 -22 Q260 -20 270 0 Q260 20 180 22 L-260 18 Q-280 0 -260 -18 Z"/>
    <path d="M-30 -20 L-140 -210 L-90 -210 L70 -20 Z"/><path d="M-30 20 L-140 210 L-90 210 L70 20 Z"/>
    <path d="M-230 -16 L-290 -110 L-250 -110 L-180 -16 Z"/></g>`,
  // Symbols for services and visas, drawn large in the sky like a poster.
  passport: (x, c) => `<g transform="translate(${x} ${GROUND - 250})"><rect x="-120" y="-170" width="240" height="330" rx="18" fill="${c}"/>
    <circle cy="-40" r="62" fill="none" stroke="${GOLD}" stroke-width="9"/><ellipse cy="-40" rx="26" ry="62" fill="none" stroke="${GOLD}" stroke-width="7"/>
    <path d="M-62 -40 H62" stroke="${GOLD}" stroke-width="7"/><rect x="-70" y="70" width="140" height="14" rx="7" fill="${GOLD}"/></g>`,
  stopwatch: (x, c) => `<g transform="translate(${x} ${GROUND - 250})"><circle r="170" fill="${c}"/><circle r="140" fill="${SAND}"/>
    <rect x="-24" y="-230" width="48" height="50" rx="8" fill="${c}"/><path d="M0 0 L0 -110 M0 0 L70 40" stroke="${c}" stroke-width="14" stroke-linecap="round"/>
    <path d="M0 -140 A140 140 0 0 1 121 70 L0 0 Z" fill="${GOLD}" opacity="0.55"/><circle r="14" fill="${c}"/></g>`,
  briefcase: (x, c) => `<g transform="translate(${x} ${GROUND - 200})" fill="${c}"><rect x="-200" y="-120" width="400" height="260" rx="24"/>
    <path d="M-70 -120 V-170 Q-70 -190 -50 -190 H50 Q70 -190 70 -170 V-120 H44 V-164 H-44 V-120 Z"/><rect x="-200" y="-20" width="400" height="14" fill="${GOLD}"/>
    <rect x="-30" y="-36" width="60" height="46" rx="6" fill="${GOLD}"/></g>`,
  car: (x, c) => `<g transform="translate(${x} ${GROUND})" fill="${c}">
    <path d="M-330 -40 Q-330 -110 -260 -120 L-160 -130 Q-90 -210 20 -210 Q140 -210 200 -130 L290 -118 Q340 -108 340 -50 L340 -20 L-330 -20 Z"/>
    <path d="M-130 -132 Q-80 -190 -10 -192 L-10 -132 Z M10 -132 L10 -192 Q110 -190 160 -132 Z" fill="${SAND}" opacity="0.35"/>
    <circle cx="-190" cy="-20" r="56"/><circle cx="200" cy="-20" r="56"/><circle cx="-190" cy="-20" r="24" fill="${GOLD}"/><circle cx="200" cy="-20" r="24" fill="${GOLD}"/>
    <rect x="300" y="-90" width="34" height="16" rx="6" fill="${GOLD}"/></g>`,
  hotel: (x, c) => `<g transform="translate(${x} ${GROUND})" fill="${c}"><rect x="-170" y="-440" width="340" height="440"/>
    ${Array.from({ length: 28 }, (_, i) => `<rect x="${-140 + (i % 4) * 76}" y="${-410 + Math.floor(i / 4) * 52}" width="48" height="30" fill="${GOLD}" opacity="${0.35 + ((i * 7) % 5) / 10}"/>`).join('')}
    <rect x="-50" y="-70" width="100" height="70" fill="${SAND}" opacity="0.8"/><rect x="-210" y="-100" width="420" height="22" fill="${GOLD}"/>
    <rect x="-120" y="-490" width="240" height="50" rx="8"/></g>`,
  house: (x, c) => `<g transform="translate(${x} ${GROUND})" fill="${c}"><path d="M-220 -200 L0 -380 L220 -200 Z"/><rect x="-180" y="-210" width="360" height="210"/>
    <rect x="-40" y="-130" width="80" height="130" fill="${GOLD}"/><rect x="-140" y="-160" width="70" height="60" fill="${SAND}" opacity="0.85"/>
    <rect x="70" y="-160" width="70" height="60" fill="${SAND}" opacity="0.85"/><rect x="110" y="-350" width="40" height="100"/></g>`,
  route: (x, c) => `<g transform="translate(${x} ${GROUND - 250})" fill="none"><path d="M-380 200 C-200 40 -260 -120 -40 -100 S200 80 360 -160" stroke="${c}" stroke-width="12" stroke-dasharray="30 22" stroke-linecap="round"/>
    <g fill="${c}"><path d="M-380 150 a40 40 0 1 1 1 0 L-380 200 Z"/><path d="M360 -210 a44 44 0 1 1 1 0 L360 -160 Z" fill="${GOLD}"/><circle cx="-40" cy="-100" r="18"/></g></g>`,
  chat: (x, c) => `<g transform="translate(${x} ${GROUND - 260})"><path d="M-240 -150 H120 Q160 -150 160 -110 V60 Q160 100 120 100 H-120 L-200 170 L-190 100 H-240 Q-280 100 -280 60 V-110 Q-280 -150 -240 -150 Z" fill="${c}"/>
    <path d="M-20 -40 H260 Q300 -40 300 0 V150 Q300 190 260 190 H240 L250 250 L180 190 H-20 Q-60 190 -60 150 V0 Q-60 -40 -20 -40 Z" fill="${GOLD}"/>
    <circle cx="60" cy="75" r="16" fill="${c}"/><circle cx="120" cy="75" r="16" fill="${c}"/><circle cx="180" cy="75" r="16" fill="${c}"/></g>`,
  suitcase: (x, c) => `<g transform="translate(${x} ${GROUND})" fill="${c}"><rect x="-150" y="-360" width="300" height="340" rx="30"/>
    <path d="M-60 -360 V-420 Q-60 -440 -40 -440 H40 Q60 -440 60 -420 V-360 H38 V-418 H-38 V-360 Z"/>
    <rect x="-90" y="-360" width="22" height="340" fill="${GOLD}"/><rect x="68" y="-360" width="22" height="340" fill="${GOLD}"/>
    <circle cx="-100" cy="-10" r="20"/><circle cx="100" cy="-10" r="20"/></g>`,
  rings: (x, c) => `<g transform="translate(${x} ${GROUND - 250})" fill="none" stroke-width="30"><circle cx="-80" r="130" stroke="${GOLD}"/><circle cx="80" r="130" stroke="${c}"/>
    <path d="M-80 -176 l24 -40 h-48 z" fill="${SAND}" stroke="none"/></g>`,
  newspaper: (x, c) => `<g transform="translate(${x} ${GROUND - 240})"><rect x="-260" y="-190" width="520" height="380" rx="14" fill="${SAND}"/>
    <rect x="-220" y="-150" width="440" height="60" fill="${c}"/><rect x="-220" y="-60" width="200" height="150" fill="${GOLD}"/>
    ${Array.from({ length: 6 }, (_, i) => `<rect x="10" y="${-60 + i * 26}" width="210" height="12" fill="${c}" opacity="0.6"/>`).join('')}
    <rect x="-220" y="120" width="440" height="12" fill="${c}" opacity="0.6"/></g>`,
  trophy: (x, c) => `<g transform="translate(${x} ${GROUND})" fill="${c}"><path d="M-130 -460 H130 V-380 Q130 -250 0 -230 Q-130 -250 -130 -380 Z" fill="${GOLD}"/>
    <path d="M-130 -430 Q-220 -430 -200 -350 Q-180 -300 -110 -300" stroke="${GOLD}" stroke-width="18" fill="none"/>
    <path d="M130 -430 Q220 -430 200 -350 Q180 -300 110 -300" stroke="${GOLD}" stroke-width="18" fill="none"/>
    <rect x="-26" y="-232" width="52" height="110"/><rect x="-110" y="-130" width="220" height="60" rx="8"/><rect x="-150" y="-70" width="300" height="70" rx="8"/></g>`,
};

const SYMBOLS = new Set(['plane', 'globe', 'passport', 'stopwatch', 'briefcase', 'car', 'route', 'chat', 'suitcase', 'rings', 'newspaper', 'trophy']);

interface SceneSpec {
  kind: 'scene';
  sky: Sky;
  landmark?: keyof typeof LANDMARKS;
  /** Extra horizon elements in front of the hills. */
  extras?: ('skyline' | 'litSkyline' | 'water' | 'palms' | 'acacias' | 'hills')[];
}

/** A landscape's markup: sky, sun or moon, hills, the landmark and any foreground extras. */
function sceneBody(name: string, spec: SceneSpec): string {
  const rnd = seeded(name);
  const extras = spec.extras ?? ['hills'];
  const silhouette = spec.sky === 'day' ? NAVY : spec.sky === 'night' ? '#050a16' : '#2b1d3f';
  const back = spec.sky === 'day' ? '#5d8aa8' : spec.sky === 'night' ? '#1d2b4a' : '#7a4a6e';
  let body = skyGradient(spec.sky, 'sky') + sun(spec.sky, rnd);
  if (extras.includes('hills')) body += hills(rnd, [back, TEAL, NAVY]);
  if (extras.includes('skyline')) body += skyline(rnd, back, false, 180);
  // Buildings and mountains stand behind the lit city; symbols (a car, a passport) stand in front of
  // it, in teal so they do not merge with the buildings.
  const inFront = spec.landmark !== undefined && SYMBOLS.has(spec.landmark) && extras.includes('litSkyline');
  const landmark = spec.landmark ? LANDMARKS[spec.landmark]!(W / 2 + (rnd() - 0.5) * 200, inFront ? TEAL : silhouette) : '';
  if (!inFront) body += landmark;
  if (extras.includes('litSkyline')) body += skyline(rnd, silhouette, true, 200);
  if (inFront) body += landmark;
  if (extras.includes('acacias')) body += acacia(220, 1.1, silhouette) + acacia(980, 0.8, silhouette);
  if (extras.includes('water')) body += water(spec.sky === 'day' ? '#2f6f8f' : '#24304f');
  else body += `<rect x="0" y="${GROUND}" width="${W}" height="${H - GROUND}" fill="${silhouette}"/>`;
  if (extras.includes('palms')) body += palm(120, 1.2, silhouette) + palm(1080, 0.95, silhouette);
  return body;
}

function scene(name: string, spec: SceneSpec): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">${sceneBody(name, spec)}</svg>`;
}

// ---------------------------------------------------------------------------------------------
// Avatars: a head-and-shoulders illustration on a soft disc. Skin, hair, clothing and background
// vary by seed and spec so eighteen customers and four staff look like different people.
// ---------------------------------------------------------------------------------------------
const SKIN = ['#5a3825', '#7b4a2e', '#8d5524', '#a86b3c', '#c68642', '#e0ac69', '#f1c27d'];
const HAIR = ['#1b1b1b', '#2e1f14', '#4a2f1b', '#7a5230', '#b08d57'];
const CLOTH = [NAVY, TEAL, '#8c2f39', '#3a5a40', '#6b4e9b', '#b5651d', '#264653'];
const DISC = ['#e8f1f2', '#f6ead7', '#fde2c8', '#dfe7fd', '#e4f4e9', '#f9e0e6'];

interface AvatarSpec {
  kind: 'avatar';
  /** Hair style: short crop, long hair, head wrap (gele), close shave, bun. */
  hair: 'crop' | 'long' | 'wrap' | 'shaved' | 'bun';
  skin: number;
  beard?: boolean;
  glasses?: boolean;
}

function avatar(name: string, spec: AvatarSpec): string {
  const rnd = seeded(name);
  const skin = SKIN[spec.skin % SKIN.length]!;
  const hair = HAIR[Math.floor(rnd() * HAIR.length)]!;
  const cloth = CLOTH[Math.floor(rnd() * CLOTH.length)]!;
  const disc = DISC[Math.floor(rnd() * DISC.length)]!;
  const accent = [GOLD, '#e76f51', '#2a9d8f', '#e9c46a', '#9b5de5'][Math.floor(rnd() * 5)]!;
  const hairShapes: Record<AvatarSpec['hair'], string> = {
    crop: `<path d="M78 104 Q80 52 128 50 Q176 52 178 104 Q170 78 128 76 Q86 78 78 104 Z" fill="${hair}"/>`,
    long: `<path d="M72 170 Q60 60 128 48 Q196 60 184 170 Q176 120 172 100 Q150 78 128 80 Q100 80 84 100 Q80 130 72 170 Z" fill="${hair}"/>`,
    wrap: `<path d="M70 96 Q66 34 128 30 Q198 30 190 92 Q210 70 200 50 Q214 90 184 108 Q160 84 128 84 Q96 84 74 108 Z" fill="${accent}"/><path d="M96 50 Q128 36 164 52" stroke="#fff" stroke-opacity="0.4" stroke-width="5" fill="none"/>`,
    shaved: `<path d="M82 100 Q86 58 128 56 Q170 58 174 100 Q160 80 128 80 Q96 80 82 100 Z" fill="${hair}" opacity="0.55"/>`,
    bun: `<circle cx="128" cy="40" r="22" fill="${hair}"/><path d="M78 108 Q78 54 128 52 Q178 54 178 108 Q168 80 128 78 Q88 80 78 108 Z" fill="${hair}"/>`,
  };
  const beard = spec.beard ? `<path d="M92 130 Q96 182 128 186 Q160 182 164 130 Q158 160 128 164 Q98 160 92 130 Z" fill="${hair}" opacity="0.9"/>` : '';
  const glasses = spec.glasses
    ? `<g fill="none" stroke="#222" stroke-width="3"><circle cx="108" cy="122" r="13"/><circle cx="148" cy="122" r="13"/><path d="M121 122 h14"/></g>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256">
    <rect width="256" height="256" fill="${disc}"/>
    <path d="M28 256 Q34 196 96 188 L160 188 Q222 196 228 256 Z" fill="${cloth}"/>
    <path d="M110 170 L110 196 Q128 212 146 196 L146 170 Z" fill="${skin}"/>
    <path d="M112 196 L128 222 L144 196" fill="none" stroke="#ffffff" stroke-opacity="0.5" stroke-width="4"/>
    <ellipse cx="128" cy="122" rx="50" ry="60" fill="${skin}"/>
    <ellipse cx="78" cy="126" rx="8" ry="12" fill="${skin}"/><ellipse cx="178" cy="126" rx="8" ry="12" fill="${skin}"/>
    ${hairShapes[spec.hair]}
    <circle cx="108" cy="122" r="4.5" fill="#1b1b1b"/><circle cx="148" cy="122" r="4.5" fill="#1b1b1b"/>
    <path d="M98 108 q10 -6 20 0 M138 108 q10 -6 20 0" stroke="#1b1b1b" stroke-width="3" fill="none" stroke-linecap="round"/>
    <path d="M126 128 q-4 14 4 16" stroke="#000" stroke-opacity="0.25" stroke-width="3" fill="none"/>
    ${beard}
    <path d="M110 154 Q128 168 146 154" stroke="${spec.beard ? '#f3d6c4' : '#5a1f1f'}" stroke-width="4" fill="none" stroke-linecap="round"/>
    ${glasses}
  </svg>`;
}

// ---------------------------------------------------------------------------------------------
// Wordmarks for media partners: an emblem and the partner's name, 320x160, on a light ground.
// ---------------------------------------------------------------------------------------------
interface LogoSpec {
  kind: 'logo';
  text: string;
  sub: string;
  emblem: 'wave' | 'star' | 'frame';
  colour: string;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

function logo(spec: LogoSpec): string {
  const emblems = {
    wave: `<path d="M20 96 q16 -24 32 0 t32 0" stroke="${spec.colour}" stroke-width="8" fill="none" stroke-linecap="round"/><circle cx="52" cy="60" r="14" fill="${GOLD}"/>`,
    star: `<path d="M52 42 l10 22 24 3 -18 16 5 24 -21 -12 -21 12 5 -24 -18 -16 24 -3z" fill="${spec.colour}"/>`,
    frame: `<rect x="24" y="46" width="56" height="68" rx="8" fill="none" stroke="${spec.colour}" stroke-width="8"/><rect x="38" y="62" width="28" height="8" fill="${GOLD}"/><rect x="38" y="80" width="28" height="8" fill="${spec.colour}"/>`,
  } as const;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 160" width="320" height="160">
    <rect width="320" height="160" rx="12" fill="#ffffff"/>${emblems[spec.emblem]}
    <text x="100" y="84" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="30" fill="${spec.colour}">${escapeXml(spec.text)}</text>
    <text x="101" y="110" font-family="DejaVu Sans, Arial, sans-serif" font-size="14" letter-spacing="2" fill="#555">${escapeXml(spec.sub)}</text>
  </svg>`;
}

// ---------------------------------------------------------------------------------------------
// The manifest: every file the content references, with how to draw it and its display size.
// ---------------------------------------------------------------------------------------------
type Spec = SceneSpec | AvatarSpec | LogoSpec;
interface Job {
  file: string;
  spec: Spec;
  width: number;
  height: number;
}

const card = (file: string, spec: Omit<SceneSpec, 'kind'>): Job => ({ file, spec: { kind: 'scene', ...spec }, width: 1200, height: 800 });
const face = (file: string, spec: Omit<AvatarSpec, 'kind'>): Job => ({ file, spec: { kind: 'avatar', ...spec }, width: 256, height: 256 });

const poster = (file: string, spec: Omit<SceneSpec, 'kind'>): Job => ({ file, spec: { kind: 'scene', ...spec }, width: 640, height: 360 });
const portrait = (file: string, spec: Omit<AvatarSpec, 'kind'>): Job => ({ file, spec: { kind: 'avatar', ...spec }, width: 400, height: 400 });
const wordmark = (file: string, spec: Omit<LogoSpec, 'kind'>): Job => ({ file, spec: { kind: 'logo', ...spec }, width: 320, height: 160 });

const JOBS: Job[] = [
  // Visa types: one background each.
  card('visas/tourist.webp', { sky: 'day', landmark: 'plane', extras: ['hills'] }),
  card('visas/emergency.webp', { sky: 'night', landmark: 'plane', extras: ['litSkyline'] }),
  card('visas/k1-i130.webp', { sky: 'dusk', landmark: 'rings', extras: ['hills'] }),
  card('visas/naija-wife.webp', { sky: 'dawn', landmark: 'rock', extras: ['hills', 'palms'] }),
  card('visas/business.webp', { sky: 'day', landmark: 'briefcase', extras: ['skyline'] }),
  card('visas/extension.webp', { sky: 'dusk', landmark: 'globe', extras: ['hills'] }),
  // Countries: two places each.
  card('countries/lagos.webp', { sky: 'dusk', extras: ['litSkyline', 'water'] }),
  card('countries/zuma-rock.webp', { sky: 'dawn', landmark: 'rock', extras: ['hills', 'palms'] }),
  card('countries/new-york.webp', { sky: 'dusk', landmark: 'liberty', extras: ['skyline', 'water'] }),
  card('countries/washington.webp', { sky: 'day', landmark: 'capitol', extras: ['hills'] }),
  card('countries/toronto.webp', { sky: 'night', landmark: 'cntower', extras: ['litSkyline', 'water'] }),
  card('countries/banff.webp', { sky: 'day', landmark: 'alps', extras: ['water'] }),
  card('countries/cape-coast.webp', { sky: 'day', landmark: 'castle', extras: ['water', 'palms'] }),
  card('countries/accra.webp', { sky: 'dusk', extras: ['skyline', 'litSkyline', 'palms'] }),
  card('countries/amboseli.webp', { sky: 'dawn', landmark: 'kilimanjaro', extras: ['acacias'] }),
  card('countries/nairobi.webp', { sky: 'night', extras: ['skyline', 'litSkyline'] }),
  card('countries/paris.webp', { sky: 'dusk', landmark: 'eiffel', extras: ['skyline'] }),
  card('countries/nice.webp', { sky: 'day', extras: ['hills', 'water', 'palms'] }),
  card('countries/zermatt.webp', { sky: 'dawn', landmark: 'alps', extras: ['hills'] }),
  card('countries/geneva.webp', { sky: 'day', landmark: 'jetdeau', extras: ['skyline', 'water'] }),
  card('countries/sydney.webp', { sky: 'dusk', landmark: 'opera', extras: ['skyline', 'water'] }),
  card('countries/uluru.webp', { sky: 'dusk', landmark: 'uluru', extras: ['acacias'] }),
  card('countries/london.webp', { sky: 'day', landmark: 'bigben', extras: ['skyline'] }),
  card('countries/edinburgh.webp', { sky: 'dawn', landmark: 'castle', extras: ['hills'] }),
  card('countries/great-wall.webp', { sky: 'day', landmark: 'greatwall', extras: ['hills'] }),
  card('countries/xian.webp', { sky: 'dusk', landmark: 'pagoda', extras: ['hills'] }),
  // Services.
  card('services/visa-consultation.webp', { sky: 'dawn', landmark: 'passport', extras: ['hills'] }),
  card('services/fast-processing.webp', { sky: 'day', landmark: 'stopwatch', extras: ['hills'] }),
  card('services/business-investor.webp', { sky: 'dusk', landmark: 'briefcase', extras: ['litSkyline'] }),
  card('services/luxury-car.webp', { sky: 'night', landmark: 'car', extras: ['skyline'] }),
  card('services/hotel-booking.webp', { sky: 'dusk', landmark: 'hotel', extras: ['skyline'] }),
  // Service pages: two pictures each.
  card('service-pages/consultancy-desk.webp', { sky: 'day', landmark: 'chat', extras: ['hills'] }),
  card('service-pages/consultancy-documents.webp', { sky: 'dawn', landmark: 'passport', extras: ['skyline'] }),
  card('service-pages/trip-route.webp', { sky: 'day', landmark: 'route', extras: ['hills'] }),
  card('service-pages/trip-luggage.webp', { sky: 'dusk', landmark: 'suitcase', extras: ['hills'] }),
  card('service-pages/airbnb-home.webp', { sky: 'dawn', landmark: 'house', extras: ['hills', 'palms'] }),
  card('service-pages/airbnb-city.webp', { sky: 'night', extras: ['skyline', 'litSkyline', 'water'] }),
  card('service-pages/tourism-safari.webp', { sky: 'dusk', landmark: 'kilimanjaro', extras: ['acacias'] }),
  card('service-pages/tourism-beach.webp', { sky: 'day', extras: ['hills', 'water', 'palms'] }),
  card('service-pages/transport-car.webp', { sky: 'dusk', landmark: 'car', extras: ['litSkyline'] }),
  card('service-pages/transport-airport.webp', { sky: 'day', landmark: 'plane', extras: ['skyline'] }),
  card('service-pages/advice-chat.webp', { sky: 'dawn', landmark: 'chat', extras: ['skyline'] }),
  card('service-pages/advice-briefcase.webp', { sky: 'day', landmark: 'briefcase', extras: ['hills'] }),
  // News.
  card('news/interview.webp', { sky: 'day', landmark: 'newspaper', extras: ['skyline'] }),
  card('news/experts.webp', { sky: 'dawn', landmark: 'passport', extras: ['litSkyline'] }),
  card('news/success.webp', { sky: 'dusk', landmark: 'trophy', extras: ['hills'] }),
  // Continents.
  card('continents/africa.webp', { sky: 'dusk', landmark: 'kilimanjaro', extras: ['acacias'] }),
  card('continents/asia.webp', { sky: 'dawn', landmark: 'pagoda', extras: ['hills'] }),
  card('continents/europe.webp', { sky: 'day', landmark: 'eiffel', extras: ['hills'] }),
  card('continents/north-america.webp', { sky: 'night', landmark: 'cntower', extras: ['litSkyline'] }),
  card('continents/oceania.webp', { sky: 'day', landmark: 'opera', extras: ['water'] }),
  card('continents/south-america.webp', { sky: 'dusk', landmark: 'alps', extras: ['hills', 'palms'] }),
  // Team.
  portrait('team/adaeze-okafor.webp', { hair: 'wrap', skin: 1 }),
  portrait('team/tunde-bakare.webp', { hair: 'shaved', skin: 0, beard: true }),
  portrait('team/ngozi-eze.webp', { hair: 'bun', skin: 2, glasses: true }),
  portrait('team/emeka-nwosu.webp', { hair: 'crop', skin: 1, glasses: true }),
  // Testimonials.
  face('testimonials/chinedu-okeke.webp', { hair: 'crop', skin: 1 }),
  face('testimonials/aisha-bello.webp', { hair: 'wrap', skin: 2 }),
  face('testimonials/kwame-mensah.webp', { hair: 'shaved', skin: 0, beard: true }),
  face('testimonials/funmilayo-adeyemi.webp', { hair: 'long', skin: 2 }),
  face('testimonials/ibrahim-musa.webp', { hair: 'crop', skin: 3, beard: true }),
  face('testimonials/grace-wanjiru.webp', { hair: 'bun', skin: 1 }),
  face('testimonials/oluwaseun-balogun.webp', { hair: 'shaved', skin: 2, glasses: true }),
  face('testimonials/sarah-mitchell.webp', { hair: 'long', skin: 6 }),
  face('testimonials/emeka-obi.webp', { hair: 'crop', skin: 0 }),
  face('testimonials/zainab-lawal.webp', { hair: 'wrap', skin: 3 }),
  face('testimonials/daniel-asante.webp', { hair: 'crop', skin: 1, glasses: true }),
  face('testimonials/blessing-nwankwo.webp', { hair: 'bun', skin: 2 }),
  face('testimonials/tobi-ajayi.webp', { hair: 'shaved', skin: 1 }),
  face('testimonials/chiamaka-udeh.webp', { hair: 'long', skin: 1, glasses: true }),
  face('testimonials/mohammed-sani.webp', { hair: 'crop', skin: 4, beard: true }),
  face('testimonials/esther-achieng.webp', { hair: 'wrap', skin: 0 }),
  face('testimonials/femi-ogunleye.webp', { hair: 'crop', skin: 2, beard: true }),
  face('testimonials/amara-okonkwo.webp', { hair: 'long', skin: 2 }),
  // Media partners.
  wordmark('partners/lagos-travel-report.webp', { text: 'Travel Report', sub: 'LAGOS EDITION', emblem: 'wave', colour: NAVY }),
  wordmark('partners/diaspora-voices.webp', { text: 'Diaspora Voices', sub: 'RADIO & PODCAST', emblem: 'star', colour: TEAL }),
  wordmark('partners/afro-mobility.webp', { text: 'AfroMobility', sub: 'MIGRATION NEWS', emblem: 'frame', colour: '#8c2f39' }),
  // Testimony-video posters (the videos themselves are made from these further down, by renderVideo).
  poster('videos/study-in-canada.webp', { sky: 'dawn', landmark: 'cntower', extras: ['skyline', 'water'] }),
  poster('videos/family-reunion-uk.webp', { sky: 'dusk', landmark: 'bigben', extras: ['skyline'] }),
];

/** Renders one job's SVG to WebP at its display size. */
async function render(job: Job): Promise<void> {
  const svg =
    job.spec.kind === 'scene' ? scene(job.file, job.spec) : job.spec.kind === 'avatar' ? avatar(job.file, job.spec) : logo(job.spec);
  const target = join(OUT, job.file);
  await mkdir(dirname(target), { recursive: true });
  const webp = await sharp(Buffer.from(svg)).resize(job.width, job.height, { fit: 'cover' }).webp({ quality: 72, effort: 6 }).toBuffer();
  await writeFile(target, webp);
}

// ---------------------------------------------------------------------------------------------
// Testimony videos: a few seconds of slow zoom over the poster scene with the customer's words
// fading in, encoded as small H.264 MP4 files under public/videos/. Rendering needs ffmpeg, which
// only the person regenerating media needs: the output is committed, so CI and editors do not.
// ---------------------------------------------------------------------------------------------
interface VideoJob {
  file: string;
  poster: string;
  lines: [string, string];
  speaker: string;
}

const VIDEOS: VideoJob[] = [
  {
    file: 'study-in-canada.mp4',
    poster: 'videos/study-in-canada.webp',
    lines: ['“They checked every page of my proof of funds.', 'My study permit came in seven weeks.”'],
    speaker: 'Tolulope Adewale, Toronto',
  },
  {
    file: 'family-reunion-uk.mp4',
    poster: 'videos/family-reunion-uk.webp',
    lines: ['“After two refusals on our own, Bridgeway', 'found what was missing. We are together now.”'],
    speaker: 'Femi and Bukola Adebisi, London',
  },
];

const FPS = 24;
const SECONDS = 6;
const VW = 640;
const VH = 360;

/** One frame: the scene zoomed by progress t (0..1) and the caption faded in after the first second. */
function videoFrame(job: VideoJob, spec: SceneSpec, t: number): string {
  const zoom = 1 + 0.1 * t;
  const w = W / zoom;
  const h = (W * 9) / 16 / zoom;
  const x = (W - w) / 2;
  const y = (H - h) / 2 - 40 * t;
  const fade = Math.min(1, Math.max(0, (t * SECONDS - 1) / 1.2));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${VW}" height="${VH}" viewBox="0 0 ${VW} ${VH}">
    <svg width="${VW}" height="${VH}" viewBox="${round(x)} ${round(y)} ${round(w)} ${round(h)}" preserveAspectRatio="xMidYMid slice">${sceneBody(job.poster, spec)}</svg>
    <g opacity="${round(fade * 100) / 100}">
      <rect x="24" y="${VH - 128}" width="${VW - 48}" height="104" rx="12" fill="${NAVY}" fill-opacity="0.82"/>
      <text font-family="DejaVu Sans, Arial, sans-serif" font-size="19" fill="#ffffff">
        <tspan x="44" y="${VH - 94}">${escapeXml(job.lines[0])}</tspan><tspan x="44" y="${VH - 68}">${escapeXml(job.lines[1])}</tspan>
      </text>
      <text x="44" y="${VH - 40}" font-family="DejaVu Sans, Arial, sans-serif" font-size="15" font-weight="700" fill="${GOLD}">${escapeXml(job.speaker)}</text>
    </g>
  </svg>`;
}

/** Renders a video's frames to a temporary folder and encodes them with ffmpeg (H.264, no audio). */
async function renderVideo(job: VideoJob): Promise<void> {
  const posterJob = JOBS.find((candidate) => candidate.file === job.poster);
  if (!posterJob || posterJob.spec.kind !== 'scene') throw new Error(`No scene poster ${job.poster} for ${job.file}`);
  const frames = await mkdtemp(join(tmpdir(), 'bridgeway-video-'));
  try {
    const total = FPS * SECONDS;
    for (let i = 0; i < total; i++) {
      const svg = videoFrame(job, posterJob.spec, i / (total - 1));
      await sharp(Buffer.from(svg)).png().toFile(join(frames, `${String(i).padStart(4, '0')}.png`));
    }
    const target = join(ROOT, 'public', 'videos', job.file);
    await mkdir(dirname(target), { recursive: true });
    // One thread and bit-exact flags keep the encoded bytes identical from run to run.
    execFileSync('ffmpeg', [
      '-y', '-loglevel', 'error', '-framerate', String(FPS), '-i', join(frames, '%04d.png'),
      '-c:v', 'libx264', '-preset', 'slow', '-crf', '30', '-pix_fmt', 'yuv420p', '-threads', '1',
      '-movflags', '+faststart', '-fflags', '+bitexact', '-flags:v', '+bitexact', '-map_metadata', '-1', target,
    ]);
  } finally {
    await rm(frames, { recursive: true, force: true });
  }
}

function hasFfmpeg(): boolean {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

for (const job of JOBS) await render(job);
console.log(`Generated ${JOBS.length} images under ${OUT}`);
if (SKIP_VIDEOS) {
  console.log('Skipped the videos (--skip-videos).');
} else if (hasFfmpeg()) {
  for (const video of VIDEOS) await renderVideo(video);
  console.log(`Generated ${VIDEOS.length} videos under public/videos/`);
} else {
  console.log('ffmpeg is not installed: kept the committed videos under public/videos/ as they are.');
}
